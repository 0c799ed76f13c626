// How the worker runs a job once Python is up: the job goes in through the harness's device and
// Python is entered from C (`PyRun_SimpleString`), not through a JavaScript call, so no
// JavaScript object is handed to Python (harness-device.ts). After the run the interpreter is put
// back to where it stood before its first run (pristine.ts), unless the run reached JavaScript or
// left what cannot be put back: then the frame replaces this worker, and no later candidate ever
// meets what this one did.
import { errorMessage } from '../../shared/error-message.ts';
import { WARM_UP_JOB } from '../../shared/python-boot.ts';
import type { BridgeWatch } from './bridge-watch.ts';
import type { EmscriptenFS } from './emscripten-fs.ts';
import type { DeviceMessage, HarnessDevice } from './harness-device.ts';
import { Pristine } from './pristine.ts';

export interface PyodideForRuns {
  _module: {
    _malloc(n: number): number;
    _PyRun_SimpleString(code: number): number;
    _emscripten_stack_get_current(): number;
  };
  runPython(code: string): unknown;
  FS: EmscriptenFS;
}

const ENTRY = "__import__('fixpoint_harness.channel').channel.serve()";

/**
 * fresh: the interpreter can be put back; `putBack` does it, once the result is on its way. A run
 * that ended without a result has `putBack` only when it merely unwound (below).
 */
export type Ran =
  { json: string; fresh: boolean; stale?: string; putBack(): void } | { fatal: string; putBack?(): void };
const nothing = (): void => undefined;

export function prepareRuns(
  loaded: { py: PyodideForRuns; memory?: WebAssembly.Memory; table?: WebAssembly.Table; device: HarnessDevice },
  watch: BridgeWatch,
): (job: string, listen: (m: DeviceMessage) => void) => Ran {
  const { py, memory, table, device } = loaded;
  const mod = py._module;
  if (!memory) throw new Error("Pyodide's memory was not found");
  const code = new TextEncoder().encode(ENTRY + '\0');
  const entry = mod._malloc(code.length);
  new Uint8Array(memory.buffer, entry, code.length).set(code);
  const enter = mod._PyRun_SimpleString;
  const stack = (): number => mod._emscripten_stack_get_current();

  const run = (job: string, listen: (m: DeviceMessage) => void, pristine: Pristine | undefined): Ran => {
    let json: string | undefined;
    device.open(job, (m) => {
      if (m.kind === 'result') json ??= m.text;
      else listen(m);
    });
    watch.arm();
    try {
      enter(entry);
    } catch (err) {
      return { fatal: describeFatal(err) };
    } finally {
      device.close();
    }
    const stale = watch.touched ? `the program reached JavaScript (${watch.touched})` : pristine?.unfit();
    if (json === undefined) {
      // Python returned normally but the harness did not report: an interrupt it lets through (a
      // contest program past its time limit or judged already) unwound the run. The interpreter is
      // as fit to be put back as after any run, which saves booting the spare.
      const fatal = 'the run ended without reporting a result';
      return stale === undefined && pristine ? { fatal, putBack: () => pristine.reset() } : { fatal };
    }
    if (stale !== undefined) return { json, fresh: false, stale, putBack: nothing };
    return { json, fresh: true, putBack: () => pristine?.reset() };
  };

  // One job before the copy: what a first job does once is then done in every run after it.
  const warm = run(JSON.stringify(WARM_UP_JOB), () => undefined, undefined);
  if ('fatal' in warm) throw new Error(`the harness did not start: ${warm.fatal}`);
  if (watch.touched) throw new Error(`the harness reached JavaScript (${watch.touched})`);
  const pristine = new Pristine(memory, py.FS, stack, table);
  return (job, listen) => run(job, listen, pristine);
}

function describeFatal(err: unknown): string {
  const text = errorMessage(err);
  if (/call stack|recursion/i.test(text)) return 'the interpreter ran out of stack (recursion too deep)';
  if (/memory|OOM|Cannot enlarge/i.test(text)) return 'the interpreter ran out of memory';
  if (/exit|ExitStatus/i.test(text)) return 'the program ended the interpreter (os._exit)';
  return `the interpreter died: ${text.slice(0, 300)}`;
}
