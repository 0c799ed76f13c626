// N replies to one request, for a selection round. Where the endpoint may give several replies to
// one request (OpenAI's `n`), one request asks for all N: the prompt is sent and billed once.
// When it refuses `n`, or gives fewer replies, the rest are drawn one request each, side by side.
// Every request sent counts as a model call, the refused one too.
import type { Conversation } from '../budget.ts';
import type { LoopEnd, LoopState } from '../state.ts';
import { ask, type Reply } from '../steps.ts';
import { isStopped, type Stopped } from '../stopped.ts';

/** One reply per choice of a request that asked for several; the request's tokens go with the first. */
function asReplies(r: Reply, n: number): Reply[] {
  const none = { inputTokens: 0, outputTokens: 0 };
  const more = (r.more ?? []).map((text): Reply => ({ text, messages: r.messages, usage: none, ms: r.ms }));
  const { more: _more, ...first } = r;
  return [first, ...more].slice(0, n);
}

export async function drawReplies(
  s: LoopState,
  conversation: Conversation,
  n: number,
): Promise<(Reply | LoopEnd | Stopped)[]> {
  const { model, hooks } = s.opts;
  const parallel = (k: number): Promise<(Reply | LoopEnd | Stopped)[]> =>
    Promise.all(Array.from({ length: k }, () => ask(s, conversation, { quiet: true })));
  // The client remembers an endpoint that refused `n` (src/models/choices.ts).
  if (n < 2 || model.multipleChoices !== true) return parallel(n);
  const got = await ask(s, conversation, { quiet: true, n });
  if (isStopped(got)) return [got];
  if ('verdict' in got) {
    if (got.error?.kind !== 'bad-request') return [got];
    model.refusesChoices?.();
    hooks.onStatus?.(`The endpoint refused ${n} replies to one request; asking ${n} times instead.`);
    return parallel(n);
  }
  const replies = asReplies(got, n);
  if (replies.length === n) return replies;
  if (replies.length === 1) model.refusesChoices?.();
  return [...replies, ...(await parallel(n - replies.length))];
}
