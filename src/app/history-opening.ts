// Opening the history for the command line's page: when IndexedDB refuses, the reason is kept so
// the command can say why nothing is saved instead of saving nothing in silence.
import { errorMessage } from '../shared/error-message.ts';
import { openStore, type HistoryStore } from '../store/history-store.ts';

export type HistoryOpening = { store: HistoryStore; problem?: undefined } | { store?: undefined; problem: string };

export function openHistory(open: () => Promise<HistoryStore> = () => openStore()): Promise<HistoryOpening> {
  return open().then(
    (store) => ({ store }),
    (err: unknown) => ({ problem: errorMessage(err) }),
  );
}
