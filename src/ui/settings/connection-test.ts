// "Test connection": one short streamed reply, reported as what arrived and what it cost, or
// as the error's message and hint.
import { isModelError } from '../../models/errors.ts';
import { costOf, formatCost, formatUsage } from '../../models/usage.ts';
import type { ModelClient, ModelErrorInfo, Usage } from '../../shared/model.ts';
import { errorMessage } from '../../shared/error-message.ts';

export type ConnectionReport =
  { ok: true; text: string; usage: Usage; cost?: number; ms: number } | { ok: false; error: ModelErrorInfo };

export const TEST_PROMPT = 'This is a connection test. Reply with the single word: ready';

export async function testConnection(
  client: ModelClient,
  opts: { signal?: AbortSignal; onText?: (textSoFar: string) => void; now?: () => number } = {},
): Promise<ConnectionReport> {
  const now = opts.now ?? (() => Date.now());
  const started = now();
  let soFar = '';
  try {
    const chatOpts: Parameters<ModelClient['chat']>[1] = {
      onEvent: (e) => {
        if (e.type !== 'text') return;
        soFar += e.text;
        opts.onText?.(soFar);
      },
    };
    if (opts.signal) chatOpts.signal = opts.signal;
    // Room for models that think before answering; the reply itself is one word.
    const res = await client.chat({ messages: [{ role: 'user', content: TEST_PROMPT }], maxTokens: 256 }, chatOpts);
    const report: ConnectionReport = { ok: true, text: res.text, usage: res.usage, ms: now() - started };
    const cost = costOf(res.usage, client.config);
    if (cost !== undefined) report.cost = cost;
    return report;
  } catch (e) {
    if (isModelError(e)) return { ok: false, error: e.toJSON() };
    return {
      ok: false,
      error: { kind: 'server', message: `Unexpected failure: ${errorMessage(e)}` },
    };
  }
}

/** Two lines for the view: what happened, and the detail or the hint. */
export function describeReport(r: ConnectionReport): { headline: string; detail: string } {
  if (!r.ok) return { headline: r.error.message, detail: r.error.hint ?? '' };
  const reply = r.text.trim();
  const shown = reply.length > 120 ? `${reply.slice(0, 119)}…` : reply;
  const cost = r.cost !== undefined ? `, ${formatCost(r.cost)}` : '';
  return {
    headline: `Connected in ${(r.ms / 1000).toFixed(1)} s. The model replied: "${shown || '(no text)'}"`,
    detail: `Tokens: ${formatUsage(r.usage)}${cost}.`,
  };
}
