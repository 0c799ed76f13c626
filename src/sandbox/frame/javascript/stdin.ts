// Standard input for a contest program, as node gives it to `node main.js < input`:
// `require('fs').readFileSync(0)` (or '/dev/stdin'), `process.stdin` events ('data', 'end',
// 'readable' with read()) and its async iterator, and `readline.createInterface` ('line',
// 'close', async iteration). Events are delivered from timers the run's own end waits for, so a
// program that only listens still gets its input before it is judged finished.
import { ErrorCtor, TypeErrorCtor, create, freeze, toText } from './intrinsics.ts';

type Listener = (...args: unknown[]) => void;
type Later = (fn: () => void) => void;

/** A Buffer stand-in: the bytes, whose toString() gives the text back. */
function buffer(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  Object.defineProperty(bytes, 'toString', { value: () => text, enumerable: false });
  return bytes;
}

class Emitter {
  private listeners: Record<string, Listener[]> = create(null) as Record<string, Listener[]>;
  on(name: string, fn: Listener): this {
    if (typeof fn !== 'function') throw new TypeErrorCtor('The "listener" argument must be of type function');
    (this.listeners[name] ??= []).push(fn);
    this.added(toText(name));
    return this;
  }
  once(name: string, fn: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(name, wrapped);
      fn(...args);
    };
    return this.on(name, wrapped);
  }
  off(name: string, fn: Listener): this {
    const list = this.listeners[name];
    if (list) this.listeners[name] = list.filter((f) => f !== fn);
    return this;
  }
  removeListener(name: string, fn: Listener): this {
    return this.off(name, fn);
  }
  addListener(name: string, fn: Listener): this {
    return this.on(name, fn);
  }
  removeAllListeners(name?: string): this {
    if (name === undefined) this.listeners = create(null) as Record<string, Listener[]>;
    else delete this.listeners[name];
    return this;
  }
  protected emit(name: string, ...args: unknown[]): boolean {
    const list = this.listeners[name];
    if (!list?.length) return false;
    for (const fn of list.slice()) fn(...args);
    return true;
  }
  protected added(_name: string): void {}
}

class Stdin extends Emitter {
  readonly fd = 0;
  readonly isTTY = false;
  private encoding: string | undefined;
  private flowing = false;
  private delivered = false;
  private ended = false;

  constructor(
    private readonly text: string,
    private readonly later: Later,
  ) {
    super();
  }

  setEncoding(enc?: string): this {
    this.encoding = enc ?? 'utf8';
    return this;
  }
  resume(): this {
    this.flow();
    return this;
  }
  pause(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  /** 'readable' mode: the whole input once, then null. */
  read(): unknown {
    if (this.delivered || !this.text) {
      this.finishSoon();
      return null;
    }
    this.delivered = true;
    this.finishSoon();
    return this.chunk();
  }
  pipe(): never {
    throw new ErrorCtor('process.stdin.pipe is not available in the offline JavaScript runner');
  }
  async *[Symbol.asyncIterator](): AsyncGenerator<unknown> {
    if (this.text && !this.delivered) {
      this.delivered = true;
      yield this.chunk();
    }
    this.ended = true;
  }

  /** The whole input for readline, once. */
  take(): string {
    const t = this.delivered ? '' : this.text;
    this.delivered = true;
    return t;
  }

  protected override added(name: string): void {
    if (name === 'data') this.flow();
    if (name === 'readable') this.later(() => this.emit('readable'));
    if (name === 'end' && this.delivered) this.finishSoon();
  }

  private chunk(): unknown {
    return this.encoding ? this.text : buffer(this.text);
  }

  private flow(): void {
    if (this.flowing) return;
    this.flowing = true;
    this.later(() => {
      if (!this.delivered && this.text) {
        this.delivered = true;
        this.emit('data', this.chunk());
      }
      this.delivered = true;
      this.finishSoon();
    });
  }

  private finishSoon(): void {
    if (this.ended) return;
    this.later(() => {
      if (this.ended) return;
      this.ended = true;
      this.emit('end');
      this.emit('close');
    });
  }
}

class LineReader extends Emitter {
  private started = false;
  private closed = false;
  private readonly lines: string[];

  constructor(
    stdin: Stdin,
    private readonly later: Later,
  ) {
    super();
    const text = stdin.take();
    // Node's readline: lines split at \r?\n, a last line without its newline still counts.
    const parts = text.split(/\r?\n/);
    if (parts[parts.length - 1] === '') parts.pop();
    this.lines = parts;
  }

  protected override added(name: string): void {
    if ((name === 'line' || name === 'close') && !this.started) {
      this.started = true;
      this.later(() => {
        for (const l of this.lines) {
          if (this.closed) return;
          this.emit('line', l);
        }
        this.close();
      });
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.emit('close');
  }
  setPrompt(): void {}
  prompt(): void {}
  pause(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  question(_query: string, fn: Listener): void {
    this.later(() => fn(this.lines.shift() ?? ''));
  }
  async *[Symbol.asyncIterator](): AsyncGenerator<string> {
    this.started = true;
    for (const l of this.lines) {
      if (this.closed) return;
      yield l;
    }
    this.close();
  }
}

/** The modules and stream a program reading `input` gets. `write` is fd 1 and 2. */
export function stdinModules(
  input: string,
  later: Later,
  write: (stream: 'stdout' | 'stderr', text: string) => void,
): { stdin: Stdin; fs: object; readline: object } {
  const stdin = new Stdin(input, later);
  const isStdin = (path: unknown): boolean => path === 0 || path === '/dev/stdin';
  const unavailable = (name: string) => (): never => {
    throw new ErrorCtor(`fs.${name} is not available in the offline JavaScript runner: a program reads stdin only`);
  };
  const fs = freeze({
    readFileSync: (path: unknown, options?: unknown) => {
      if (!isStdin(path)) {
        const err = new ErrorCtor(`ENOENT: no such file or directory, open '${toText(path)}'`);
        Object.defineProperty(err, 'code', { value: 'ENOENT', enumerable: true });
        throw err;
      }
      const text = stdin.take();
      const enc = typeof options === 'string' ? options : (options as { encoding?: unknown } | undefined)?.encoding;
      return enc ? text : buffer(text);
    },
    writeSync: (fd: unknown, data: unknown) => {
      const text = toText(data);
      write(fd === 2 ? 'stderr' : 'stdout', text);
      return text.length;
    },
    readFile: unavailable('readFile'),
    writeFileSync: unavailable('writeFileSync'),
    existsSync: () => false,
  });
  const readline = freeze({
    createInterface: (opts?: unknown) => {
      const input = (opts as { input?: unknown } | undefined)?.input ?? opts;
      if (input !== stdin) throw new ErrorCtor('readline reads only process.stdin in the offline JavaScript runner');
      return new LineReader(stdin, later);
    },
  });
  return { stdin, fs, readline };
}
