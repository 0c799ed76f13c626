// Turns what went wrong into a sentence a user can act on, plus what to do about it.
import type { ModelErrorInfo, ModelErrorKind } from '../shared/model.ts';
import { errorFields, kindOf, parseJson, tidyServerText } from './error-payload.ts';
import type { ErrorFields } from './error-payload.ts';
import { ModelError } from './errors.ts';
import type { Preset } from './presets.ts';

export interface ErrorContext {
  preset: Preset;
  baseUrl: string;
  model: string;
  hasKey: boolean;
  /** The page's origin, for CORS hints; undefined outside a browser. */
  pageOrigin?: string;
}

function name(ctx: ErrorContext): string {
  return ctx.preset.id === 'custom' ? 'The endpoint' : ctx.preset.label;
}

function said(server: string | undefined): string {
  return server ? ` The server said: "${server}"` : '';
}

function hintFor(kind: ModelErrorKind, ctx: ErrorContext, f: ErrorFields): string | undefined {
  switch (kind) {
    case 'auth':
      return ctx.hasKey
        ? `Check that the API key is correct, not revoked, and belongs to ${ctx.preset.id === 'custom' ? 'this endpoint' : ctx.preset.label}${ctx.preset.keyUrl ? ` (${ctx.preset.keyUrl})` : ''}.`
        : `No API key is set for this endpoint: enter one in the settings${ctx.preset.keyUrl ? ` (get one at ${ctx.preset.keyUrl})` : ''}.`;
    case 'not-found':
      if (ctx.preset.provider === 'ollama' && /model/i.test(f.message ?? '')) {
        return `Download the model first (ollama pull ${ctx.model}), or pick one from the model list.`;
      }
      return `Check the model name "${ctx.model}" (the model list in the settings shows what this endpoint offers) and the base URL${ctx.preset.provider === 'openai' ? ', which for OpenAI-compatible servers usually ends in /v1' : ''}.`;
    case 'context-length':
      return 'The loop can shorten the conversation and try again; otherwise shorten the task, or choose a model (or start a local server) with a larger context window.';
    case 'quota':
      return "Add credit or raise the spend limit in the provider's billing settings; retrying will not help until then.";
    case 'rate-limit':
      return 'Wait a minute and try again, or use a model or plan with higher rate limits.';
    case 'overloaded':
      return 'The provider is busy; try again in a little while or pick another model.';
    case 'server':
      return "This is a problem on the server side; try again, and if it persists check the server's own log or status page.";
    case 'bad-request':
      return 'The server did not accept the request as sent; check the model name and the settings (temperature, max tokens).';
    case 'bad-response':
    case 'cancelled':
    case 'network':
      return undefined; // their messages say what to do already
  }
}

const HEADLINES: Partial<Record<ModelErrorKind, string>> = {
  auth: 'refused the API key',
  'not-found': 'does not know this model or address',
  'context-length': "says the conversation is longer than the model's context window",
  quota: 'says the account is out of credit or has hit its spend limit',
  'rate-limit': 'is rate limiting requests',
  overloaded: 'is overloaded',
  server: 'had an internal error',
  'bad-request': 'rejected the request',
};

function infoFromFields(
  kind: ModelErrorKind,
  status: number | undefined,
  f: ErrorFields,
  ctx: ErrorContext,
): ModelErrorInfo {
  const server = f.message ? tidyServerText(f.message) : f.type;
  const where = status === undefined ? ' while streaming the reply' : ` (HTTP ${status})`;
  const info: ModelErrorInfo = {
    kind,
    message: `${name(ctx)} ${HEADLINES[kind] ?? 'failed'}${where}.${said(server)}`,
  };
  const hint = hintFor(kind, ctx, f);
  if (hint !== undefined) info.hint = hint;
  if (status !== undefined) info.status = status;
  return info;
}

function badResponse(message: string, status: number, ctx: ErrorContext, empty = false): ModelError {
  const urlTip = ctx.preset.provider === 'openai' ? ' OpenAI-compatible base URLs usually end in /v1.' : '';
  const hint = empty
    ? `The server gave no details. Check the base URL (${ctx.baseUrl}) and, for a local server, its log.${urlTip}`
    : `Check the base URL (${ctx.baseUrl}): it should point at the model API, not at a website.${urlTip}`;
  return new ModelError({ kind: 'bad-response', message, hint, status });
}

/** An HTTP answer that is not a success, read into one ModelError. */
export function httpError(
  status: number,
  body: string,
  contentType: string,
  ctx: ErrorContext,
  retryAfterMs?: number,
): ModelError {
  const trimmed = body.trim();
  if (status >= 300 && status < 400) {
    return badResponse(`${name(ctx)} answered with a redirect (HTTP ${status}) instead of a reply.`, status, ctx);
  }
  if (/text\/html/i.test(contentType) || trimmed.startsWith('<')) {
    return badResponse(`${name(ctx)} answered with a web page (HTTP ${status}) instead of an API reply.`, status, ctx);
  }
  const fields = errorFields(parseJson(trimmed));
  if (!fields && trimmed === '' && status !== 429 && status !== 503 && status !== 529) {
    return badResponse(`${name(ctx)} answered HTTP ${status} with an empty body.`, status, ctx, true);
  }
  const f: ErrorFields = fields ?? { message: trimmed };
  const kind = kindOf(status, f);
  return new ModelError(infoFromFields(kind, status, f, ctx), retryAfterMs);
}

/** An error object that arrived inside a stream after HTTP 200. */
export function streamError(fields: ErrorFields, ctx: ErrorContext): ModelError {
  return new ModelError(infoFromFields(kindOf(undefined, fields), undefined, fields, ctx));
}
