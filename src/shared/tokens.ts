// Token counts by estimate, for when an endpoint reports none and for sizing a request before it
// is sent. One rule for both, so the size the loop plans for is the size the usage shows.
import type { ChatRequest } from './model.ts';

/** Roughly four characters a token for English and code; needs no tokenizer. */
const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** The system prompt and every message's text, counted as one text. */
export function estimateRequestTokens(req: ChatRequest): number {
  let chars = req.system?.length ?? 0;
  for (const m of req.messages) chars += m.content.length;
  return Math.ceil(chars / CHARS_PER_TOKEN);
}
