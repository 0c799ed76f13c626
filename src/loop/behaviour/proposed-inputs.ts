// Inputs the model proposes for a contest program, as AlphaCode's test-input model does: read from
// the reply's fenced blocks (one input each), kept when they fit the public inputs' shape, each
// dropped one with the reason, so the page can say what was dropped and why.
import { linesOf, shapeFault, type Shape, type ShapeFault } from './program-shape.ts';

/** Inputs asked for in the one extra request. */
export const PROPOSALS = 8;

export type DropReason =
  | ShapeFault
  | 'repeating an input already tried'
  | 'that most samples crash on, so likely invalid'
  | 'over the number asked for';

export interface Proposals {
  kept: string[];
  dropped: { input: string; reason: DropReason }[];
}

/** Fence tags a proposed input may carry: none, or one naming plain text; a language's is code. */
const PLAIN = new Set(['', 'text', 'txt', 'input', 'plain', 'plaintext', 'stdin']);
const FENCE = /^```([^\n`]*)\n([\s\S]*?)^```/gm;

/** Each fenced block of plain text in the reply, as it was written. */
function fencedInputs(reply: string): string[] {
  const out: string[] = [];
  for (const m of reply.matchAll(FENCE)) if (PLAIN.has(m[1]!.trim().toLowerCase())) out.push(m[2]!);
  return out;
}

/** The reply's inputs, normalised (no trailing spaces, one final newline), sorted into kept and dropped. */
export function readProposals(reply: string, shape: Shape, tried: readonly string[]): Proposals {
  const seen = new Set(tried.map((t) => linesOf(t).join('\n')));
  const kept: string[] = [];
  const dropped: Proposals['dropped'] = [];
  for (const raw of fencedInputs(reply)) {
    const input = `${linesOf(raw).join('\n')}\n`;
    const key = linesOf(raw).join('\n');
    const fault = shapeFault(raw, shape);
    const reason: DropReason | undefined =
      fault ??
      (seen.has(key)
        ? 'repeating an input already tried'
        : kept.length >= PROPOSALS
          ? 'over the number asked for'
          : undefined);
    if (reason !== undefined) dropped.push({ input, reason });
    else kept.push(input);
    seen.add(key);
  }
  return { kept, dropped };
}

/** Dropped inputs counted by reason, in the order each reason first came up. */
export function dropSummary(dropped: readonly { reason: DropReason }[]): { reason: DropReason; count: number }[] {
  const by = new Map<DropReason, number>();
  for (const d of dropped) by.set(d.reason, (by.get(d.reason) ?? 0) + 1);
  return [...by].map(([reason, count]) => ({ reason, count }));
}
