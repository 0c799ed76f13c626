// The session's working directory, in memory: the user's files by name, and what the code
// writes, through the part of node:fs an analysis uses (readFileSync, writeFileSync,
// appendFileSync, existsSync, readdirSync, unlinkSync, statSync and fs.promises' equivalents).
// The worker reports each action's writes to the page, which keeps them across restarts.
import type { AgentFile } from '../../../shared/agent.ts';
import { ErrorCtor, defineProperty, freeze, toText } from '../javascript/intrinsics.ts';

type Content = string | Uint8Array;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function fsError(code: string, syscall: string, name: string, what: string): Error {
  const err = new ErrorCtor(`${code}: ${what}, ${syscall} '${name}'`);
  defineProperty(err, 'code', { value: code, enumerable: true });
  defineProperty(err, 'syscall', { value: syscall, enumerable: true });
  defineProperty(err, 'path', { value: name, enumerable: true });
  return err;
}

/** `./data.csv` and `data.csv` are one file; the working directory is flat, sub-paths are names. */
const normal = (path: unknown): string => {
  let p = toText(path instanceof URL ? path.pathname : path);
  while (p.startsWith('./')) p = p.slice(2);
  return p;
};

const encodingOf = (options: unknown): string | undefined => {
  if (typeof options === 'string') return options;
  if (typeof options === 'object' && options !== null) {
    const e = (options as { encoding?: unknown }).encoding;
    return typeof e === 'string' ? e : undefined;
  }
  return undefined;
};

const isText = (encoding: string | undefined): boolean =>
  encoding !== undefined && /^(utf-?8|ascii|latin1)$/i.test(encoding);

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    bin += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + 0x8000)));
  return btoa(bin);
}

export class MemoryFs {
  private readonly files = new Map<string, Content>();
  private written = new Set<string>();
  private removed = new Set<string>();

  load(files: AgentFile[]): void {
    for (const f of files) this.files.set(f.name, f.base64 !== undefined ? fromBase64(f.base64) : (f.text ?? ''));
  }

  /** What the last action wrote and removed, as files; forgotten once taken. */
  takeChanges(): { written: AgentFile[]; removed: string[] } {
    const written: AgentFile[] = [];
    for (const name of this.written) {
      const c = this.files.get(name);
      if (c === undefined) continue;
      written.push(
        typeof c === 'string'
          ? { name, size: encoder.encode(c).length, text: c }
          : { name, size: c.length, base64: toBase64(c) },
      );
    }
    const removed = [...this.removed].filter((n) => !this.files.has(n));
    this.written = new Set();
    this.removed = new Set();
    return { written, removed };
  }

  /** require('node:fs'), with `promises` (also require('node:fs/promises')). */
  module(): { fs: object; promises: object } {
    const read = (path: unknown, options?: unknown): Content => {
      const name = normal(path);
      const c = this.files.get(name);
      if (c === undefined) throw fsError('ENOENT', 'open', name, 'no such file or directory');
      if (isText(encodingOf(options))) return typeof c === 'string' ? c : decoder.decode(c);
      return typeof c === 'string' ? encoder.encode(c) : c.slice();
    };
    const write = (path: unknown, data: unknown, append = false): void => {
      const name = normal(path);
      if (!name || name.endsWith('/')) throw fsError('EISDIR', 'open', name, 'illegal operation on a directory');
      let c: Content =
        typeof data === 'string'
          ? data
          : data instanceof Uint8Array
            ? data.slice()
            : ArrayBuffer.isView(data)
              ? new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength))
              : toText(data);
      const before = this.files.get(name);
      if (append && before !== undefined) {
        c =
          typeof before === 'string' && typeof c === 'string'
            ? before + c
            : concat(
                typeof before === 'string' ? encoder.encode(before) : before,
                typeof c === 'string' ? encoder.encode(c) : c,
              );
      }
      this.files.set(name, c);
      this.written.add(name);
    };
    const unlink = (path: unknown): void => {
      const name = normal(path);
      if (!this.files.delete(name)) throw fsError('ENOENT', 'unlink', name, 'no such file or directory');
      this.written.delete(name);
      this.removed.add(name);
    };
    const readdir = (path?: unknown): string[] => {
      const dir =
        path === undefined
          ? ''
          : normal(path)
              .replace(/\/?$/, '/')
              .replace(/^\.?\/$/, '');
      const names = new Set<string>();
      for (const n of this.files.keys()) if (n.startsWith(dir)) names.add(n.slice(dir.length).split('/')[0]!);
      return [...names].sort();
    };
    const stat = (path: unknown): object => {
      const name = normal(path);
      const c = this.files.get(name);
      if (c === undefined) {
        if (readdir(name).length > 0 || name === '.' || name === '')
          return { size: 0, isFile: () => false, isDirectory: () => true };
        throw fsError('ENOENT', 'stat', name, 'no such file or directory');
      }
      const size = typeof c === 'string' ? encoder.encode(c).length : c.length;
      return { size, isFile: () => true, isDirectory: () => false };
    };
    const exists = (path: unknown): boolean => {
      const name = normal(path);
      return this.files.has(name) || name === '.' || readdir(name).length > 0;
    };
    const later =
      <A extends unknown[], R>(fn: (...a: A) => R) =>
      (...a: A): Promise<R> => {
        try {
          return Promise.resolve(fn(...a));
        } catch (err) {
          return Promise.reject(err);
        }
      };
    const promises = freeze({
      readFile: later(read),
      writeFile: later((p: unknown, d: unknown) => write(p, d)),
      appendFile: later((p: unknown, d: unknown) => write(p, d, true)),
      readdir: later(readdir),
      unlink: later(unlink),
      rm: later(unlink),
      stat: later(stat),
      access: later((p: unknown) => void stat(p)),
    });
    const fs = freeze({
      readFileSync: read,
      writeFileSync: (p: unknown, d: unknown) => write(p, d),
      appendFileSync: (p: unknown, d: unknown) => write(p, d, true),
      existsSync: exists,
      readdirSync: readdir,
      unlinkSync: unlink,
      rmSync: unlink,
      statSync: stat,
      promises,
    });
    return { fs, promises };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
