// The one error shape every client throws, whatever the provider said or did.
import type { ModelErrorInfo, ModelErrorKind } from '../shared/model.ts';

export class ModelError extends Error {
  readonly info: ModelErrorInfo;
  /** How long the server asked us to wait before trying again, when it said. */
  readonly retryAfterMs: number | undefined;
  /** Text that had streamed before the failure; lets a caller show what arrived. */
  partialText: string | undefined;

  constructor(info: ModelErrorInfo, retryAfterMs?: number) {
    super(info.message);
    this.name = 'ModelError';
    this.info = info;
    this.retryAfterMs = retryAfterMs;
  }

  get kind(): ModelErrorKind {
    return this.info.kind;
  }

  get hint(): string | undefined {
    return this.info.hint;
  }

  get status(): number | undefined {
    return this.info.status;
  }

  /** Only the normalised fields: safe to log or store. */
  toJSON(): ModelErrorInfo {
    return { ...this.info };
  }
}

export function isModelError(e: unknown): e is ModelError {
  return e instanceof ModelError;
}

export function cancelledError(): ModelError {
  return new ModelError({ kind: 'cancelled', message: 'The request was cancelled.' });
}

export function isAbortError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

/** Rate limits and overload pass with time; everything else needs a change first. */
export function isRetryable(e: unknown): e is ModelError {
  return isModelError(e) && (e.kind === 'rate-limit' || e.kind === 'overloaded');
}

const KEY_SHAPES = [
  /\bsk-[A-Za-z0-9_-]{16,}/g, // OpenAI, Anthropic (sk-ant-), DeepSeek, OpenRouter (sk-or-)
  /\bgsk_[A-Za-z0-9]{16,}/g, // Groq
  /\bAIza[0-9A-Za-z_-]{30,}/g, // Google
  /\bBearer\s+[A-Za-z0-9._~+/=-]{12,}/gi,
];

/** Servers sometimes echo the key back; it must never reach a message, a log or history. */
export function scrubSecret(text: string, key?: string): string {
  let out = text;
  if (key && key.length >= 4) out = out.split(key).join('[key hidden]');
  for (const shape of KEY_SHAPES) out = out.replace(shape, '[key hidden]');
  return out;
}

export function scrubError(e: ModelError, key?: string): ModelError {
  const info: ModelErrorInfo = { ...e.info, message: scrubSecret(e.info.message, key) };
  if (e.info.hint !== undefined) info.hint = scrubSecret(e.info.hint, key);
  const out = new ModelError(info, e.retryAfterMs);
  if (e.partialText !== undefined) out.partialText = e.partialText;
  return out;
}
