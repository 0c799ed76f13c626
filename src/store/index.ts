// The history store's public face. Start-up: `const store = await openStore()`, then
// `store.markInterrupted()` once, then `store.storageInfo()` for the persistence question and
// the usage display. Nothing outside this folder touches IndexedDB.
export { openStore, HistoryStore, type ListOptions, type StoreOptions } from './history-store.ts';
export { INTERRUPTED_MESSAGE } from './lifecycle.ts';
export { StoreError, isQuotaError, toStoreError, type StoreErrorKind } from './errors.ts';
export type { HistoryChange, HistoryChangeKind, ChannelFactory, ChannelLike } from './changes.ts';
export type { LockManagerLike } from './locks.ts';
export type { StorageInfo, StorageManagerLike } from './storage.ts';
export type { ImportReport } from './transfer.ts';
export {
  HISTORY_FORMAT,
  HISTORY_VERSION,
  parseHistoryFile,
  type HistoryFile,
  type SessionEntry,
} from './history-file.ts';
export {
  candidateLines,
  completionOf,
  pickAttempt,
  toJsonl,
  type CandidateLine,
  type CandidatePick,
} from './candidates.ts';
export { stripSecrets } from './records.ts';
export { DB_NAME, DB_VERSION } from './schema.ts';
