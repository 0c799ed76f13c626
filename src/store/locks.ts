// Which sessions are alive. A tab that runs a session holds a Web Lock named after it for as
// long as it runs; locks die with their tab, so after a reload or a crash a 'running' session
// whose lock is free is one that nobody runs any more, while one whose lock is held is running
// in another tab and must be left alone.

/** The part of `navigator.locks` used here; tests pass a fake shared by several "tabs". */
export interface LockManagerLike {
  request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => unknown): Promise<unknown>;
}

export function defaultLockManager(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return typeof nav?.locks?.request === 'function' ? nav.locks : undefined;
}

export class SessionLocks {
  private readonly held = new Map<string, () => void>();

  constructor(
    private readonly manager: LockManagerLike | undefined,
    private readonly prefix: string,
  ) {}

  holds(id: string): boolean {
    return this.held.has(id);
  }

  /**
   * Takes the session's lock until release(); false when another tab holds it. Without Web
   * Locks every session counts as free, and only this page's own sessions are known alive.
   */
  async acquire(id: string): Promise<boolean> {
    if (this.held.has(id)) return true;
    const manager = this.manager;
    if (!manager) {
      this.held.set(id, () => {});
      return true;
    }
    return new Promise<boolean>((resolve, reject) => {
      manager
        .request(this.name(id), { ifAvailable: true }, (lock) => {
          if (lock === null) {
            resolve(false);
            return undefined;
          }
          // The lock lasts as long as this promise is pending.
          const released = new Promise<void>((release) => this.held.set(id, release));
          resolve(true);
          return released;
        })
        .catch(reject);
    });
  }

  release(id: string): void {
    const release = this.held.get(id);
    this.held.delete(id);
    release?.();
  }

  /**
   * Runs `work` while holding the session's lock, so no tab can resume the session meanwhile;
   * returns false without running it when the lock is taken (by this page or another tab).
   */
  async ifFree(id: string, work: () => Promise<void>): Promise<boolean> {
    if (this.held.has(id)) return false;
    if (!this.manager) {
      await work();
      return true;
    }
    const result = await this.manager.request(this.name(id), { ifAvailable: true }, async (lock) => {
      if (lock === null) return false;
      await work();
      return true;
    });
    return result === true;
  }

  releaseAll(): void {
    for (const id of [...this.held.keys()]) this.release(id);
  }

  private name(id: string): string {
    return `${this.prefix}:session:${id}`;
  }
}
