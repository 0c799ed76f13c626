// The part of Emscripten's file system (Pyodide's `FS`) that the worker uses directly.

export interface FsNode {
  name: string;
  mode: number;
  parent: FsNode;
  mounted: unknown;
  contents?: unknown;
  usedBytes?: number;
  node_ops: Record<string, unknown>;
  stream_ops: Record<string, unknown>;
}

export interface EmscriptenFS {
  makedev(major: number, minor: number): number;
  registerDevice(dev: number, ops: Record<string, unknown>): void;
  mkdev(path: string, mode: number, dev: number): unknown;
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array): void;
  lookupPath(path: string): { node: FsNode };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  close(stream: unknown): void;
  streams: unknown[];
  currentPath: string;
  ErrnoError: new (errno: number) => Error;
}
