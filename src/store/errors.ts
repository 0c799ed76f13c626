// Failures of the history store, as values the page can show instead of crashing on.
import { errorMessage } from '../shared/error-message.ts';

export type StoreErrorKind =
  /** The browser refused to store more (disk full, origin quota, private mode limits). */
  | 'quota'
  /** IndexedDB is missing or forbidden here (opaque origin, some private modes). */
  | 'unavailable'
  /** Another tab upgraded the database or the browser cleared it: this page must reload. */
  | 'closed'
  /** The session asked for does not exist (any more). */
  | 'not-found'
  /** The session is being run by another tab. */
  | 'busy'
  /** An import file was rejected; nothing was written. */
  | 'import'
  | 'unknown';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Browsers disagree on how a full quota looks: Chromium and current Firefox/Safari use the
 * standard name, old WebKit only sets the legacy code 22, old Firefox its own name and 1014.
 */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

const QUOTA_MESSAGE =
  'The browser has no room left to save history. Free space by deleting or exporting old ' +
  'sessions, or allow this site more storage; the current attempt is kept in this page until then.';

/** Turns whatever IndexedDB threw into a StoreError, keeping the original as its cause. */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  if (isQuotaError(error)) return new StoreError('quota', QUOTA_MESSAGE, { cause: error });
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'SecurityError') {
    return new StoreError('unavailable', 'This browser does not allow saving history here.', { cause: error });
  }
  if (name === 'InvalidStateError') {
    return new StoreError('closed', CLOSED_MESSAGE, { cause: error });
  }
  const text = errorMessage(error);
  return new StoreError('unknown', `History storage failed: ${text}`, { cause: error });
}

export const CLOSED_MESSAGE =
  'History storage was closed (another tab opened a newer Fixpoint, or the browser cleared site ' +
  'data). Reload this page to keep saving.';
