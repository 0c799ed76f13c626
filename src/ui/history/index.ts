// The history panel, for the page to mount where it likes.
export { mountHistory, type HistoryStoreApi, type HistoryView, type HistoryViewOptions } from './mount.ts';
