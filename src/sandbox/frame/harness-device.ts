// The worker's private device, through which it and the harness talk while a job runs: the job
// is read from it, output and the result are written to it, and the interruptible sleep waits on
// a second one (src/sandbox/frame/py/channel.py, sleep.py). Python never holds a JavaScript object,
// so a program that reaches for one is seen (bridge-watch.ts) and cannot use one the harness had.
// Runs in the worker, where run code may have rewritten globals: only captured intrinsics here.
import { WAIT_PATH } from '../../shared/python-boot.ts';
import type { EmscriptenFS } from './emscripten-fs.ts';

const DEVICE_PATH = '/dev/fixpoint';
const TOKEN_LENGTH = 32;

const apply = Reflect.apply;
const decoder = new TextDecoder('utf-8');
const decode = TextDecoder.prototype.decode;
const encoder = new TextEncoder();
const encode = TextEncoder.prototype.encode;
const getRandom = Crypto.prototype.getRandomValues;
const cryptoObject = self.crypto;
const fromCharCode = String.fromCharCode;
const atomicsWait = Atomics.wait;
const atomicsLoad = Atomics.load;
const u8Set = Uint8Array.prototype.set;
const u8Sub = Uint8Array.prototype.subarray;

export type DeviceMessage =
  | { kind: 'stdout' | 'stderr'; text: string; cut: boolean }
  | { kind: 'progress'; text: string }
  | { kind: 'verdict' | 'result' | 'flags'; text: string };

interface Stream {
  node: unknown;
}

/** What the worker does with a job: hand it over once, and hear back only this run's token. */
export class HarnessDevice {
  private pending: Uint8Array | undefined;
  private offset = 0;
  private token: Uint8Array = new Uint8Array(0);
  private listener: ((m: DeviceMessage) => void) | undefined;

  constructor(fs: EmscriptenFS, interrupt: Int32Array | undefined) {
    const device = fs.makedev(64, 0);
    fs.registerDevice(device, {
      read: (_s: Stream, buffer: Int8Array, offset: number, length: number) => this.read(buffer, offset, length),
      write: (_s: Stream, buffer: Int8Array, offset: number, length: number) => this.write(buffer, offset, length),
    });
    fs.mkdev(DEVICE_PATH, 0o600, device);
    // A read of n bytes waits n ms, or until the frame's interrupt.
    const wait = fs.makedev(64, 1);
    fs.registerDevice(wait, {
      read: (_s: Stream, _b: Int8Array, _o: number, length: number) => {
        if (interrupt && atomicsLoad(interrupt, 0) === 0) atomicsWait(interrupt, 0, 0, length);
        return 0;
      },
    });
    fs.mkdev(WAIT_PATH, 0o400, wait);
  }

  /** Hands `job` to the next reads, with a new token; messages go to `listener` until `close`. */
  open(job: string, listener: (m: DeviceMessage) => void): void {
    const token = new Uint8Array(TOKEN_LENGTH / 2);
    apply(getRandom, cryptoObject, [token]);
    let hex = '';
    for (let i = 0; i < token.length; i++) hex += (token[i]! | 0x100).toString(16).slice(1);
    this.token = apply(encode, encoder, [hex]);
    const body: Uint8Array = apply(encode, encoder, [job]);
    const bytes = new Uint8Array(TOKEN_LENGTH + body.length);
    apply(u8Set, bytes, [this.token, 0]);
    apply(u8Set, bytes, [body, TOKEN_LENGTH]);
    this.pending = bytes;
    this.offset = 0;
    this.listener = listener;
  }

  close(): void {
    this.pending = undefined;
    this.listener = undefined;
  }

  private read(buffer: Int8Array, offset: number, length: number): number {
    const job = this.pending;
    if (!job) return 0;
    const n = Math.min(length, job.length - this.offset);
    const from: Uint8Array = apply(u8Sub, job, [this.offset, this.offset + n]);
    apply(u8Set, new Uint8Array(buffer.buffer, buffer.byteOffset + offset, n), [from]);
    this.offset += n;
    // Handed out once: a later read, the program's included, finds nothing.
    if (this.offset >= job.length) this.pending = undefined;
    return n;
  }

  private write(buffer: Int8Array, offset: number, length: number): number {
    const listener = this.listener;
    if (!listener || length < 1) return length;
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);
    const kind = fromCharCode(bytes[0]!);
    const text = (from: number): string => apply(decode, decoder, [apply(u8Sub, bytes, [from])]);
    if (kind === 'o' || kind === 'O') listener({ kind: 'stdout', text: text(1), cut: kind === 'O' });
    else if (kind === 'e' || kind === 'E') listener({ kind: 'stderr', text: text(1), cut: kind === 'E' });
    else if (kind === 'p') listener({ kind: 'progress', text: text(1) });
    else if ((kind === 'V' || kind === 'R' || kind === 'F') && this.signed(bytes))
      listener({ kind: kind === 'V' ? 'verdict' : kind === 'R' ? 'result' : 'flags', text: text(1 + TOKEN_LENGTH) });
    return length;
  }

  private signed(bytes: Uint8Array): boolean {
    const token = this.token;
    if (bytes.length < 1 + token.length || token.length !== TOKEN_LENGTH) return false;
    let diff = 0;
    for (let i = 0; i < token.length; i++) diff |= bytes[1 + i]! ^ token[i]!;
    return diff === 0;
  }
}
