// Ollama's native API: NDJSON lines from /api/chat, the model list from /api/tags.
import { emptyReply, htmlReply, json } from './wire-types.ts';
import type { ErrorBehaviour, HttpReply, StreamContext, StreamWriter, WireFormat } from './wire-types.ts';

const CREATED = '2025-06-04T10:15:30.123456789Z';

function line(obj: unknown): string {
  return `${JSON.stringify(obj)}\n`;
}

function ollamaError(status: number, message: string): HttpReply {
  return json(status, { error: message });
}

function writer(ctx: StreamContext): StreamWriter {
  const msg = (fields: Record<string, string>): string =>
    line({
      model: ctx.model,
      created_at: CREATED,
      message: { role: 'assistant', content: '', ...fields },
      done: false,
    });
  return {
    start: () => [],
    reasoning: (piece) => [msg({ thinking: piece })],
    text: (piece) => [msg({ content: piece })],
    finish: () => [
      line({
        model: ctx.model,
        created_at: CREATED,
        message: { role: 'assistant', content: '' },
        done_reason: ctx.finishReason ?? 'stop',
        done: true,
        total_duration: 4883583458,
        load_duration: 1334875,
        prompt_eval_count: ctx.inputTokens,
        prompt_eval_duration: 342546000,
        eval_count: ctx.outputTokens,
        eval_duration: 4535599000,
      }),
    ],
    error: () => [line({ error: 'an error was encountered while running the model: unexpected EOF' })],
  };
}

function errorReply(kind: ErrorBehaviour, model: string): HttpReply {
  switch (kind) {
    case 'auth':
      return ollamaError(401, 'unauthorized');
    case 'not-found':
      return ollamaError(404, `model "${model}" not found, try pulling it first`);
    case 'rate-limit':
      return ollamaError(429, 'too many requests');
    case 'overloaded':
    case 'unavailable':
      return ollamaError(503, 'server busy, please try again.  maximum pending requests exceeded');
    case 'quota':
      return ollamaError(402, 'insufficient credits: your usage limit has been reached');
    case 'context-length':
    case 'context-length-llamacpp':
    case 'context-length-vllm':
      return ollamaError(400, 'the input length exceeds the context length');
    case 'html':
      return htmlReply();
    case 'empty':
      return emptyReply();
  }
}

export const ollamaWire: WireFormat = {
  format: 'ollama',
  contentType: 'application/x-ndjson',
  allowedHeaders: ['authorization', 'content-type'],
  chatPath: '/api/chat',
  modelsPath: '/api/tags',
  modelsBody: (models) => ({
    models: models.map((name) => ({
      name,
      model: name,
      modified_at: CREATED,
      size: 2019393189,
      digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
      details: {
        parent_model: '',
        format: 'gguf',
        family: 'llama',
        families: ['llama'],
        parameter_size: '3.2B',
        quantization_level: 'Q4_K_M',
      },
    })),
  }),
  writer,
  keyOf(headers) {
    const auth = headers.authorization;
    return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
  },
  errorReply,
  unknownPath: () => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: '404 page not found' }),
};
