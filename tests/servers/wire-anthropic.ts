// Anthropic Messages as api.anthropic.com streams it: named events, one content block each for
// thinking and text, usage in message_start and message_delta.
import { emptyReply, htmlReply, json } from './wire-types.ts';
import type { ErrorBehaviour, HttpReply, StreamContext, StreamWriter, WireFormat } from './wire-types.ts';

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

function anthropicError(
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): HttpReply {
  return json(status, { type: 'error', error: { type, message }, request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy' }, headers);
}

function writer(ctx: StreamContext): StreamWriter {
  let index = -1;
  let open: 'thinking' | 'text' | undefined;
  const switchTo = (kind: 'thinking' | 'text'): string[] => {
    if (open === kind) return [];
    const out: string[] = [];
    if (open === 'thinking') {
      out.push(
        event('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds' },
        }),
      );
    }
    if (open !== undefined) out.push(event('content_block_stop', { type: 'content_block_stop', index }));
    index += 1;
    open = kind;
    const block = kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' };
    out.push(event('content_block_start', { type: 'content_block_start', index, content_block: block }));
    if (index === 0) out.push(event('ping', { type: 'ping' }));
    return out;
  };
  return {
    start: () => [
      event('message_start', {
        type: 'message_start',
        message: {
          id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
          type: 'message',
          role: 'assistant',
          model: ctx.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: ctx.inputTokens,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
            output_tokens: 1,
            service_tier: 'standard',
          },
        },
      }),
    ],
    reasoning: (piece) => [
      ...switchTo('thinking'),
      event('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'thinking_delta', thinking: piece },
      }),
    ],
    text: (piece) => [
      ...switchTo('text'),
      event('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }),
    ],
    finish() {
      const out = open !== undefined ? [event('content_block_stop', { type: 'content_block_stop', index })] : [];
      const stop = ctx.finishReason === 'length' ? 'max_tokens' : 'end_turn';
      out.push(
        event('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: stop, stop_sequence: null },
          usage: { output_tokens: ctx.outputTokens },
        }),
      );
      out.push(event('message_stop', { type: 'message_stop' }));
      return out;
    },
    error: () => [event('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })],
  };
}

function errorReply(kind: ErrorBehaviour, model: string): HttpReply {
  switch (kind) {
    case 'auth':
      return anthropicError(401, 'authentication_error', 'invalid x-api-key');
    case 'not-found':
      return anthropicError(404, 'not_found_error', `model: ${model}`);
    case 'rate-limit':
      return anthropicError(
        429,
        'rate_limit_error',
        'This request would exceed the rate limit for your organization of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.',
      );
    case 'overloaded':
      return anthropicError(529, 'overloaded_error', 'Overloaded');
    case 'unavailable':
      return anthropicError(503, 'api_error', 'Service unavailable');
    case 'quota':
      return anthropicError(
        400,
        'invalid_request_error',
        'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      );
    case 'context-length':
    case 'context-length-llamacpp':
    case 'context-length-vllm':
      return anthropicError(400, 'invalid_request_error', 'prompt is too long: 208732 tokens > 200000 maximum');
    case 'html':
      return htmlReply();
    case 'empty':
      return emptyReply();
  }
}

export const anthropicWire: WireFormat = {
  format: 'anthropic',
  contentType: 'text/event-stream; charset=utf-8',
  allowedHeaders: ['x-api-key', 'content-type', 'anthropic-version', 'anthropic-dangerous-direct-browser-access'],
  chatPath: '/v1/messages',
  modelsPath: '/v1/models',
  modelsBody: (models) => ({
    data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-02-19T00:00:00Z' })),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models[models.length - 1] ?? null,
  }),
  writer,
  keyOf: (headers) => headers['x-api-key'],
  errorReply,
  unknownPath: () => anthropicError(404, 'not_found_error', 'Not Found'),
};

/** What the real API answers a browser request that did not opt in to direct access. */
export function anthropicBrowserRefusal(): HttpReply {
  return anthropicError(
    401,
    'authentication_error',
    "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
  );
}
