// OpenAI Chat Completions as api.openai.com sends it, plus the llama.cpp and vLLM error shapes.
import { emptyReply, htmlReply, json } from './wire-types.ts';
import type { ErrorBehaviour, HttpReply, StreamContext, StreamWriter, WireFormat } from './wire-types.ts';

function sse(obj: unknown): string {
  return `data: ${JSON.stringify(obj)}\n\n`;
}

function openaiError(
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): HttpReply {
  return json(status, { error: { message, type, param, code } });
}

function writer(ctx: StreamContext): StreamWriter {
  const id = 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG';
  const base = {
    id,
    object: 'chat.completion.chunk',
    created: 1741569952,
    model: ctx.model,
    service_tier: 'default',
    system_fingerprint: 'fp_06737a9306',
  };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): string =>
    sse({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(ctx.includeUsage ? { usage: null } : {}),
    });
  return {
    start: () => [chunk({ role: 'assistant', content: '', refusal: null })],
    reasoning: (piece) => [chunk({ reasoning_content: piece })],
    text: (piece) => [chunk({ content: piece })],
    finish() {
      const out = [chunk({}, ctx.finishReason ?? 'stop')];
      if (ctx.includeUsage) {
        out.push(
          sse({
            ...base,
            choices: [],
            usage: {
              prompt_tokens: ctx.inputTokens,
              completion_tokens: ctx.outputTokens,
              total_tokens: ctx.inputTokens + ctx.outputTokens,
              prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
              completion_tokens_details: {
                reasoning_tokens: 0,
                audio_tokens: 0,
                accepted_prediction_tokens: 0,
                rejected_prediction_tokens: 0,
              },
            },
          }),
        );
      }
      out.push('data: [DONE]\n\n');
      return out;
    },
    error: () => [
      sse({
        error: {
          message: 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: null,
        },
      }),
    ],
  };
}

function errorReply(kind: ErrorBehaviour, model: string): HttpReply {
  switch (kind) {
    case 'auth':
      return openaiError(
        401,
        'Incorrect API key provided: sk-test***********************wxyz. You can find your API key at https://platform.openai.com/account/api-keys.',
        'invalid_request_error',
        'invalid_api_key',
      );
    case 'not-found':
      return openaiError(
        404,
        `The model \`${model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    case 'rate-limit':
      return openaiError(
        429,
        `Rate limit reached for ${model} in organization org-test on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 1s. Visit https://platform.openai.com/account/rate-limits to learn more. You can increase your rate limit by adding a payment method to your account at https://platform.openai.com/account/billing.`,
        'requests',
        'rate_limit_exceeded',
      );
    case 'overloaded':
    case 'unavailable':
      return openaiError(503, 'The engine is currently overloaded, please try again later', 'server_error', null);
    case 'quota':
      return openaiError(
        429,
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        'insufficient_quota',
        'insufficient_quota',
      );
    case 'context-length':
      return openaiError(
        400,
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens. Please reduce the length of the messages.",
        'invalid_request_error',
        'context_length_exceeded',
        'messages',
      );
    case 'context-length-llamacpp':
      return json(400, {
        error: {
          code: 400,
          message: 'request (5120 tokens) exceeds the available context size (4096 tokens), try increasing it',
          type: 'exceed_context_size_error',
          n_prompt_tokens: 5120,
          n_ctx: 4096,
        },
      });
    case 'context-length-vllm':
      return json(400, {
        object: 'error',
        message:
          "This model's maximum context length is 4096 tokens. However, you requested 5120 tokens (4608 in the messages, 512 in the completion). Please reduce the length of the messages or completion.",
        type: 'BadRequestError',
        param: null,
        code: 400,
      });
    case 'html':
      return htmlReply();
    case 'empty':
      return emptyReply();
  }
}

export const openaiWire: WireFormat = {
  format: 'openai',
  contentType: 'text/event-stream; charset=utf-8',
  allowedHeaders: ['authorization', 'content-type'],
  chatPath: '/v1/chat/completions',
  modelsPath: '/v1/models',
  modelsBody: (models) => ({
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1715367049, owned_by: 'system' })),
  }),
  writer,
  keyOf(headers) {
    const auth = headers.authorization;
    return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
  },
  errorReply,
  unknownPath: (method, path) => openaiError(404, `Invalid URL (${method} ${path})`, 'invalid_request_error', null),
};
