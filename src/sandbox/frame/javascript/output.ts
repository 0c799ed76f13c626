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
    const part = text.length > room ? text.slice(0, Math.max(0, room)) : text;
    const wasCut = this.dropped > 0;
    this.dropped += text.length - part.length;
    if (part) {
      this.used += part.length;
      if (this.pending && stream !== this.pendingStream) this.flush();
      this.pendingStream = stream;
      this.pending += part;
      // A loop that prints and never yields still gets its output out, a batch at a time.
      if (this.pending.length >= BATCH) this.flush();
      else this.timer ??= this.later(() => this.flush());
    }
    // Said once, at once: a flood that runs into the time limit never reaches finish().
    if (!wasCut && this.dropped > 0) {
      this.flush();
      this.send(stream, '');
    }
  }

  flush(): void {
    this.timer = undefined;
    if (!this.pending) return;
    const text = this.pending;
    this.pending = '';
    this.send(this.pendingStream, text, false);
  }

  /** cut: the text is the sink's own notice that output is being dropped (see OutputCollector.add). */
  private send(stream: 'stdout' | 'stderr', text: string, cut = true): void {
    try {
      apply(this.emit, undefined, [stream, text, cut]);
    } catch {
      // A broken output channel must not turn into a verdict.
    }
  }

  /** Flushes and adds the truncation mark; returns whether anything was dropped. */
  finish(): boolean {
    this.flush();
    if (this.dropped > 0)
      this.send(this.pendingStream, `\n… [output truncated: ${toText(this.dropped)} more characters]`);
    return this.dropped > 0;
  }
}
