// What the frame's SQLite and Postgres pools share: one job at a time from a queue, a kill that
// drops a queued job or ends the worker running it, and the answer that lets the next job start.
import type { FrameMessage, SendOn } from '../../../shared/sandbox-protocol.ts';
import type { SqlJob } from '../../../shared/sql.ts';

export abstract class SerialPool {
  private queue: { id: number; job: SqlJob }[] = [];
  /** The job being served. */
  protected current: number | undefined;

  constructor(protected readonly toHost: SendOn<'sql'>) {}

  run(id: number, job: SqlJob): void {
    this.queue.push({ id, job });
    void this.pump();
  }

  kill(id: number): void {
    if (this.current !== id) {
      this.queue = this.queue.filter((q) => q.id !== id);
      return;
    }
    this.stop();
    this.answer(id, { type: 'crashed', message: 'the run was stopped' });
  }

  /** Serves one job; says how it ended by `answer`, unless `current` has moved on meanwhile. */
  protected abstract serve(id: number, job: SqlJob): Promise<void>;

  /** Ends the worker serving the current job; another takes its place. */
  protected abstract stop(): void;

  /** The job is over: the page hears how, `between` runs, and the next job starts. */
  protected answer(id: number, message: FrameMessage<'sql'>, between?: () => void): void {
    this.current = undefined;
    this.toHost(id, message);
    between?.();
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.current !== undefined) return;
    const next = this.queue.shift();
    if (!next) return;
    this.current = next.id;
    await this.serve(next.id, next.job);
  }
}
