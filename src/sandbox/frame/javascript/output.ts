// console output of a run: capped, batched, sent on its own channel while the run goes on.
import { apply, toText } from './intrinsics.ts';

const BATCH = 4096;

export type Emit = (stream: 'stdout' | 'stderr', text: string, truncated: boolean) => void;

export class Sink {
  private used = 0;
  private dropped = 0;
  private pending = '';
  private pendingStream: 'stdout' | 'stderr' = 'stdout';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly cap: number,
    private readonly emit: Emit,
    private readonly later: (fn: () => void) => ReturnType<typeof setTimeout>,
  ) {}

  write(stream: 'stdout' | 'stderr', text: string): void {
    const room = this.cap - this.used;
    if (room <= 0) {
      // Said once, at once: a flood that runs into the time limit never reaches finish().
      if (this.dropped === 0 && text.length > 0) {
        this.flush();
        this.dropped += text.length;
        this.pending = '\n… [output truncated]';
        this.flush();
        return;
      }
      this.dropped += text.length;
      return;
    }
    const part = text.length > room ? text.slice(0, room) : text;
    this.dropped += text.length - part.length;
    this.used += part.length;
    if (this.pending && stream !== this.pendingStream) this.flush();
    this.pendingStream = stream;
    this.pending += part;
    // A loop that prints and never yields still gets its output out, a batch at a time.
    if (this.pending.length >= BATCH) this.flush();
    else this.timer ??= this.later(() => this.flush());
  }

  flush(): void {
    this.timer = undefined;
    if (!this.pending) return;
    const text = this.pending;
    this.pending = '';
    try {
      apply(this.emit, undefined, [this.pendingStream, text, this.dropped > 0]);
    } catch {
      // A broken output channel must not turn into a verdict.
    }
  }

  /** Flushes and adds the truncation mark; returns whether anything was dropped. */
  finish(): boolean {
    this.flush();
    if (this.dropped > 0) {
      this.pending = `\n… [output truncated: ${toText(this.dropped)} more characters]`;
      this.flush();
    }
    return this.dropped > 0;
  }
}
