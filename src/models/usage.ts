// Token counts from the stream, an estimate when the endpoint gives none, and cost.
import type { ChatRequest, ProviderKind, Usage } from '../shared/model.ts';
import { estimateRequestTokens, estimateTokens } from '../shared/tokens.ts';

export { estimateTokens };

/** Reported counts win; a missing one is estimated and the whole usage is marked as such. */
export function usageFrom(
  reported: { inputTokens?: number | undefined; outputTokens?: number | undefined },
  req: ChatRequest,
  replyText: string,
  provider?: ProviderKind,
): Usage {
  const input = reported.inputTokens;
  const output = reported.outputTokens;
  const usage: Usage = {
    inputTokens: input ?? estimateRequestTokens(req, provider),
    outputTokens: output ?? estimateTokens(replyText),
  };
  if (input === undefined || output === undefined) usage.estimated = true;
  return usage;
}

export interface Prices {
  priceInPerM?: number | undefined;
  priceOutPerM?: number | undefined;
}

/** Undefined when no price was entered: showing $0 would claim the call was free. */
export function costOf(usage: Usage, prices: Prices): number | undefined {
  const { priceInPerM: pin, priceOutPerM: pout } = prices;
  if (pin === undefined && pout === undefined) return undefined;
  return (usage.inputTokens * (pin ?? 0) + usage.outputTokens * (pout ?? 0)) / 1_000_000;
}

export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
  if (a.estimated || b.estimated) sum.estimated = true;
  return sum;
}

export function formatCost(cost: number): string {
  if (cost === 0) return '$0';
  if (cost < 0.0001) return '< $0.0001';
  if (cost < 0.01) return `$${cost.toFixed(4)}`;
  return `$${cost.toFixed(2)}`;
}

export function formatUsage(usage: Usage): string {
  const approx = usage.estimated ? '~' : '';
  return `${approx}${usage.inputTokens} in, ${approx}${usage.outputTokens} out${usage.estimated ? ' (estimated)' : ''}`;
}
