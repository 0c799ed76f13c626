// Which tab saves the teacher's draft. There is one stored draft, and two tabs saving it would
// overwrite each other's work without a word, so the tab showing the teacher view holds a Web
// Lock for as long as it shows it. A tab that cannot have it edits without saving and says so;
// it may take the lock over, and the tab that had it then stops saving. Locks die with their
// tab, so a closed or crashed tab never keeps the draft from the next one.
import { deferred } from '../../shared/deferred.ts';

const LOCK_NAME = 'fixpoint-teacher-draft';

export interface DraftLock {
  /** Lets the draft go (the view is replaced). */
  release(): void;
}

/**
 * This tab's claim on the draft: undefined while another tab holds it, unless `takeOver` takes
 * it from that tab. `onLost` runs when another tab takes it over later. `onFree` runs when the
 * tab that holds it (from the start, or since it took it over) lets it go, closed or not: this
 * one may then take it over. Without Web Locks (old browsers) every tab holds it, as before
 * they existed.
 */
export function claimDraft(o: { takeOver?: boolean; onLost(): void; onFree?(): void }): Promise<DraftLock | undefined> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (typeof locks?.request !== 'function') return Promise.resolve({ release: () => undefined });
  const { promise: held, resolve: release } = deferred();
  let granted = false;
  // Granted (shared) only once no tab holds the draft; let go at once, so it keeps no one out.
  const watchFree = (): void =>
    void locks.request(LOCK_NAME, { mode: 'shared' }, () => o.onFree?.()).catch(() => undefined);
  return new Promise((resolve, reject) => {
    const options: LockOptions = o.takeOver ? { steal: true } : { ifAvailable: true };
    locks
      .request(LOCK_NAME, options, (lock) => {
        if (!lock) {
          watchFree();
          return resolve(undefined);
        }
        granted = true;
        resolve({ release });
        // Held until this settles.
        return held;
      })
      .then(
        () => undefined,
        (err: unknown) => {
          // A granted lock ends in an error only when another tab took it over.
          if (granted) {
            o.onLost();
            watchFree();
          } else reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
  });
}
