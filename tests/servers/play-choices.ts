// Several replies to one OpenAI request (`n`), streamed as api.openai.com does: every chunk
// carries one choice with its index, the choices' pieces interleaved, each with its own finish
// chunk, then one usage chunk for them all.
import type { ServerResponse } from 'node:http';
import { pieces } from './play.ts';

export interface ChoicesPlay {
  model: string;
  inputTokens: number;
  includeUsage: boolean;
  cors: Record<string, string>;
  log: { framesSent: number };
}

const sse = (obj: unknown): string => `data: ${JSON.stringify(obj)}\n\n`;

export function playChoices(res: ServerResponse, o: ChoicesPlay, texts: readonly string[]): void {
  const base = { id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeN', object: 'chat.completion.chunk', created: 1741569952 };
  const chunk = (index: number, delta: Record<string, unknown>, finish: string | null = null): string =>
    sse({
      ...base,
      model: o.model,
      choices: [{ index, delta, logprobs: null, finish_reason: finish }],
      ...(o.includeUsage ? { usage: null } : {}),
    });
  const split = texts.map(pieces);
  const frames = texts.map((_, i) => chunk(i, { role: 'assistant', content: '', refusal: null }));
  for (let round = 0; split.some((p) => p.length > round); round++)
    split.forEach((p, i) => p[round] !== undefined && frames.push(chunk(i, { content: p[round] })));
  texts.forEach((_, i) => frames.push(chunk(i, {}, 'stop')));
  if (o.includeUsage) {
    const output = split.reduce((n, p) => n + p.length, 0);
    frames.push(
      sse({
        ...base,
        model: o.model,
        choices: [],
        usage: { prompt_tokens: o.inputTokens, completion_tokens: output, total_tokens: o.inputTokens + output },
      }),
    );
  }
  frames.push('data: [DONE]\n\n');
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...o.cors });
  for (const f of frames) res.write(f);
  o.log.framesSent += frames.length;
  res.end();
}

/** Groq's answer to n > 1. */
export const N_REFUSAL = JSON.stringify({
  error: { message: "'n' : number must be at most 1", type: 'invalid_request_error' },
});
