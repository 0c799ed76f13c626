// Reads the error out of whatever shape a provider uses, and decides which kind it is.
import type { ModelErrorKind } from '../shared/model.ts';

export interface ErrorFields {
  message?: string;
  type?: string;
  code?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return undefined;
}

function compact(f: ErrorFields): ErrorFields {
  const out: ErrorFields = {};
  if (f.message !== undefined) out.message = f.message;
  if (f.type !== undefined) out.type = f.type;
  if (f.code !== undefined) out.code = f.code;
  return out;
}

/**
 * OpenAI/Groq/llama.cpp: {error:{message,type,code}}; Anthropic: {type:'error',error:{type,message}};
 * Ollama: {error:'text'}; older vLLM: {object:'error',message,type,code}; Gemini wraps the
 * object in an array; FastAPI-style servers answer {detail:'text'}.
 */
export function errorFields(payload: unknown): ErrorFields | undefined {
  const p = Array.isArray(payload) ? (payload[0] as unknown) : payload;
  if (!isObject(p)) return undefined;
  const err = p.error;
  if (typeof err === 'string') return { message: err };
  if (isObject(err)) {
    return compact({ message: str(err.message), type: str(err.type) ?? str(err.status), code: str(err.code) });
  }
  if (p.object === 'error') return compact({ message: str(p.message), type: str(p.type), code: str(p.code) });
  if (typeof p.detail === 'string') return { message: p.detail };
  return undefined;
}

const CONTEXT_WORDS =
  /prompt is too long|maximum context length|context length|context size|context window|exceeds the context|too many tokens|input is too long|reduce the length of the messages/i;
const QUOTA_WORDS =
  /insufficient[_ ]quota|exceeded your current quota|credit balance|insufficient (credits|balance|funds)|spend(ing)? limit|usage limits|payment required/i;

function isContextLength(f: ErrorFields): boolean {
  if (f.code === 'context_length_exceeded' || f.type === 'exceed_context_size_error') return true;
  return CONTEXT_WORDS.test(f.message ?? '');
}

function isRateLimitCode(f: ErrorFields): boolean {
  return (
    f.code === 'rate_limit_exceeded' || f.type === 'rate_limit_error' || f.type === 'requests' || f.type === 'tokens'
  );
}

/** A spent budget looks like a 429 but retrying only burns time: the codes decide before the words. */
function isQuota(status: number | undefined, f: ErrorFields): boolean {
  if (f.code === 'insufficient_quota' || f.type === 'insufficient_quota' || f.type === 'billing_error') return true;
  if (status === 402) return true;
  if (isRateLimitCode(f)) return false;
  return QUOTA_WORDS.test(f.message ?? '');
}

/** status is undefined for an error that arrived inside a stream after HTTP 200. */
export function kindOf(status: number | undefined, f: ErrorFields): ModelErrorKind {
  if (isContextLength(f)) return 'context-length';
  if (isQuota(status, f)) return 'quota';
  if (status === 401 || status === 403 || f.type === 'authentication_error' || f.type === 'permission_error') {
    return 'auth';
  }
  if (status === 404 || f.type === 'not_found_error' || f.code === 'model_not_found') return 'not-found';
  if (status === 429 || isRateLimitCode(f)) return 'rate-limit';
  if (status === 503 || status === 529 || f.type === 'overloaded_error') return 'overloaded';
  if (status === 413 || f.type === 'request_too_large') return 'context-length';
  if (status === undefined || status >= 500) return 'server';
  return 'bad-request';
}

/** Server text shown to the user: one line, no markup, not a wall. */
export function tidyServerText(text: string, max = 300): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
