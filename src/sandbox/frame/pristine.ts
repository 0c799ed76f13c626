// An interpreter put back, after each run, to where it stood before its first: its memory copied
// back from a copy taken then, its files and open streams as they were. CPython lives entirely in
// the wasm memory, so the memory alone carries every module, class and object a program could
// have changed; what lives outside it (files, streams, the stack pointer, the function table) is
// checked here, and anything that cannot be put back makes the worker unfit for another run.
// Python cannot reach JavaScript unseen (bridge-watch.ts): a run that did is never put back.
import type { EmscriptenFS, FsNode } from './emscripten-fs.ts';

const EACCES = 2;
// Grown this much past the copy, the memory is not worth zeroing: the worker is replaced.
const MOST_GROWTH = 256 << 20;
const u8Set = Uint8Array.prototype.set;
const u8Fill = Uint8Array.prototype.fill;
const apply = Reflect.apply;
const objectKeys = Object.keys;

interface DirState {
  node: FsNode;
  children: Map<string, FsNode>;
}

export class Pristine {
  private readonly bytes: Uint8Array;
  private readonly dirs: DirState[] = [];
  private readonly kept = new Map<FsNode, Map<string, FsNode>>();
  private readonly files: { node: FsNode; contents: unknown; used: number | undefined; mode: number }[] = [];
  private readonly streams: unknown[];
  private readonly cwd: string;
  private readonly stackPointer: number;
  private readonly tableLength: number;

  constructor(
    private readonly memory: WebAssembly.Memory,
    private readonly fs: EmscriptenFS,
    private readonly stack: () => number,
    private readonly table: WebAssembly.Table | undefined,
  ) {
    this.bytes = new Uint8Array(memory.buffer.slice(0));
    this.streams = fs.streams.slice();
    this.cwd = fs.currentPath;
    this.stackPointer = stack();
    this.tableLength = table?.length ?? 0;
    this.record(fs.lookupPath('/').node);
  }

  /** Why this interpreter cannot be put back after the run, or undefined when it can. */
  unfit(): string | undefined {
    if (this.stack() !== this.stackPointer) return 'the stack pointer moved';
    if ((this.table?.length ?? 0) !== this.tableLength) return 'the function table grew';
    if (this.memory.buffer.byteLength - this.bytes.length > MOST_GROWTH) return 'the memory grew too much';
    for (const { node, children } of this.dirs) {
      const now = node.contents as Record<string, FsNode>;
      const names = objectKeys(now);
      if (names.length !== children.size) return `files changed in ${node.name}`;
      for (const name of names) if (children.get(name) !== now[name]) return `files changed in ${node.name}`;
    }
    for (const f of this.files)
      if (f.node.contents !== f.contents || f.node.usedBytes !== f.used || f.node.mode !== f.mode)
        return `${f.node.name} changed`;
    const streams = this.fs.streams;
    for (let fd = 0; fd < this.streams.length; fd++)
      if (this.streams[fd] !== streams[fd]) return 'a standard stream was replaced';
    return undefined;
  }

  /** Puts the memory back and closes what the run left open. Call only when `unfit()` said nothing. */
  reset(): void {
    const streams = this.fs.streams;
    for (let fd = this.streams.length; fd < streams.length; fd++) {
      const s = streams[fd];
      if (s) {
        try {
          this.fs.close(s);
        } catch {
          streams[fd] = undefined;
        }
      }
    }
    this.fs.currentPath = this.cwd;
    const now = new Uint8Array(this.memory.buffer);
    apply(u8Set, now, [this.bytes]);
    if (now.length > this.bytes.length) apply(u8Fill, now, [0, this.bytes.length]);
  }

  /**
   * Notes every directory and file as it is now, and makes them read-only to run code: a write,
   * a chmod, a removal or a rename is refused, so no run leaves anything for the next.
   */
  private record(node: FsNode): void {
    if (node.mounted) return; // /proc and the like: served by code, holding nothing of a run's
    const ops = node.node_ops;
    if (this.fs.isDir(node.mode) && node.contents && typeof node.contents === 'object') {
      const contents = node.contents as Record<string, FsNode>;
      const children = new Map<string, FsNode>();
      for (const name of objectKeys(contents)) children.set(name, contents[name]!);
      this.dirs.push({ node, children });
      this.kept.set(node, children);
      const keep = (name: string): void => {
        if (children.has(name)) this.refuse();
      };
      node.node_ops = {
        ...ops,
        setattr: this.setattrGuard(ops.setattr),
        unlink: (parent: FsNode, name: string) => (keep(name), call(ops.unlink, parent, name)),
        rmdir: (parent: FsNode, name: string) => (keep(name), call(ops.rmdir, parent, name)),
        rename: (old: FsNode, dir: FsNode, name: string) => {
          if (children.get(old.name) === old || this.kept.get(dir)?.has(name)) this.refuse();
          return call(ops.rename, old, dir, name);
        },
      };
      for (const child of children.values()) this.record(child);
    } else if (this.fs.isFile(node.mode)) {
      this.files.push({ node, contents: node.contents, used: node.usedBytes, mode: node.mode });
      node.node_ops = { ...ops, setattr: this.setattrGuard(ops.setattr) };
      node.stream_ops = { ...node.stream_ops, write: this.refuse };
    }
  }

  private readonly refuse = (): never => {
    throw new this.fs.ErrnoError(EACCES);
  };

  /** Times may change (a read or a utime), not the mode or the size. */
  private setattrGuard(setattr: unknown): (node: FsNode, attr: Record<string, unknown>) => unknown {
    return (node, attr) => {
      if (attr.mode != null || attr.size !== undefined) this.refuse();
      return call(setattr, node, attr);
    };
  }
}

const call = (op: unknown, ...args: unknown[]): unknown => apply(op as (...a: unknown[]) => unknown, undefined, args);
