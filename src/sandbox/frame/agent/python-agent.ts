// An agent run's Python worker, once booted: it runs each action in one namespace that keeps its
// state (py/agent.py) and answers over the private port. Nothing is put back between actions:
// the run's own earlier actions are meant to shape its later ones. No other run ever uses this
// interpreter; the frame ends it when the run ends.
import type { FrameToWorker, WorkerToFrame } from '../../../shared/sandbox-protocol.ts';
import { AGENT_WORKDIR } from '../../../shared/python-boot.ts';
import { installWheels, type WheelTarget } from '../packages/install.ts';

interface PyCallable {
  (...args: unknown[]): unknown;
}

type AgentPyodide = WheelTarget;

/**
 * Serves the agent's messages on `port`. `send` and `read` were taken before any Python ran
 * (python-worker.ts), so an action that rewrites this worker's globals does not reach them.
 */
export function serveAgent(
  py: AgentPyodide,
  port: MessagePort,
  send: (m: WorkerToFrame) => void,
  read: (e: MessageEvent) => FrameToWorker | undefined,
  interrupt: Int32Array | undefined,
  memory: WebAssembly.Memory | undefined,
): void {
  const atomicsStore = Atomics.store;
  const byteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!.get!;
  const apply = Reflect.apply;
  const bufferOf = memory ? Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer')!.get! : undefined;
  const heapBytes = (): number | undefined =>
    memory && bufferOf ? (apply(byteLength, apply(bufferOf, memory, []), []) as number) : undefined;
  py.runPython(`__import__('fixpoint_harness.agent').agent.setup(${JSON.stringify(AGENT_WORKDIR)})`);
  const agent = py.runPython("__import__('fixpoint_harness.agent').agent") as Record<string, PyCallable>;
  const act = agent.act!;
  const put = agent.put!;
  const files = agent.files!;
  port.onmessage = (e: MessageEvent) => {
    const m = read(e);
    if (!m) return;
    try {
      switch (m.type) {
        case 'agent-put':
          put(m.files);
          send({ type: 'agent-done', id: m.id });
          break;
        case 'agent-act': {
          if (interrupt) atomicsStore(interrupt, 0, 0);
          // Packages the action imports go in first; one that will not install is its observation.
          try {
            installWheels(py, m.packages ?? []);
          } catch (err) {
            const error = `The action did not run: ${err instanceof Error ? err.message : String(err)}.`;
            send({
              type: 'agent-observation',
              id: m.id,
              json: JSON.stringify({ output: '', rich: [], error, errorType: 'PackageInstallError' }),
            });
            break;
          }
          const json = act(m.code, m.outputCap);
          send({ type: 'agent-observation', id: m.id, json: String(json), heapBytes: heapBytes() });
          break;
        }
        case 'agent-files':
          send({ type: 'agent-files', id: m.id, json: String(files()) });
          break;
        case 'module':
        case 'snapshot-length':
        case 'snapshot':
        case 'stdlib':
        case 'run':
          break;
      }
    } catch (err) {
      // Python could not even report: the interpreter is broken (memory, stack, os._exit).
      send({ type: 'fatal', id: 'id' in m ? m.id : 0, message: describe(err) });
    }
  };
}

function describe(err: unknown): string {
  let text: string;
  try {
    text = String((err as { message?: unknown } | null)?.message ?? err);
  } catch {
    text = 'unknown error';
  }
  if (/call stack|recursion/i.test(text)) return 'the interpreter ran out of stack (recursion too deep)';
  if (/memory|OOM|Cannot enlarge/i.test(text)) return 'the interpreter ran out of memory';
  if (/exit|ExitStatus/i.test(text)) return 'the program ended the interpreter (os._exit)';
  return `the interpreter died: ${text.slice(0, 300)}`;
}
