// Sees whether run code reached JavaScript. Python calls into JavaScript only through the wasm
// module's imports; everything a program can do without JavaScript objects (files, clocks, random
// bytes, signals, growing memory) goes through the few imports allowed below, whose effects the
// worker checks or undoes after the run (pristine.ts). Any other import called after the watch is
// armed means the program held a JavaScript object, and with it could change this worker's realm
// for later runs: the worker is then not reused.

const apply = Reflect.apply;

const ALLOWED = new Set([
  '__assert_fail',
  '_abort_js',
  'exit',
  '_emscripten_get_progname',
  '_tzset_js',
  '_localtime_js',
  '_gmtime_js',
  '_mktime_js',
  '_timegm_js',
  'emscripten_date_now',
  'emscripten_get_now',
  'emscripten_get_heap_max',
  'emscripten_resize_heap',
  '_Py_CheckEmscriptenSignals_Helper',
  '_PyEM_TrampolineCall_JS',
  '_mmap_js',
  '_munmap_js',
  '_msync_js',
  '__syscall_getuid32_js',
]);
// File-system calls are allowed; those on sockets are not (and fail here anyway).
const SOCKETS = /^__syscall_(accept4|bind|connect|getpeername|getsockname|getsockopt|listen|recv|send|socket)/;

const allowed = (module: string, name: string): boolean =>
  module === 'wasi_snapshot_preview1' || ALLOWED.has(name) || (name.startsWith('__syscall_') && !SOCKETS.test(name));

export class BridgeWatch {
  private armed = false;
  /** The first JavaScript bridge a run called, if any. */
  touched: string | undefined;

  /** Import objects like `imports`, with every import that is not allowed wrapped to be seen. */
  wrap(imports: WebAssembly.Imports): WebAssembly.Imports {
    const out: WebAssembly.Imports = {};
    for (const [module, fields] of Object.entries(imports)) {
      if (module !== 'env' && module !== 'wasi_snapshot_preview1') {
        out[module] = fields;
        continue;
      }
      const copy: WebAssembly.ModuleImports = {};
      for (const [name, value] of Object.entries(fields)) {
        copy[name] =
          typeof value === 'function' && !allowed(module, name)
            ? this.watched(name, value as (...args: unknown[]) => unknown)
            : value;
      }
      out[module] = copy;
    }
    return out;
  }

  /** From now on a call through a watched import marks the run. */
  arm(): void {
    this.armed = true;
    this.touched = undefined;
  }

  private watched(name: string, fn: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
    const watch = this as BridgeWatch;
    const wrapper = function (this: unknown, ...args: unknown[]): unknown {
      if (watch.armed && watch.touched === undefined) watch.touched = name;
      return apply(fn, this, args);
    };
    // Emscripten reads a JavaScript import's signature when it puts it in the function table.
    if ('sig' in fn) Object.defineProperty(wrapper, 'sig', { value: (fn as { sig: unknown }).sig });
    return wrapper;
  }
}
