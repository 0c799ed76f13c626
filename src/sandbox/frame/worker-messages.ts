// What a Python worker says to the frame, read as data of unknown shape: the worker runs
// untrusted code, so a message is only acted on once its type and the fields that type needs
// are checked here.
import type { WorkerToFrame } from '../../shared/sandbox-protocol.ts';
import { instance, is, literal, object, string, tagged, unknown, type Schema } from '../../shared/schema.ts';

/** A job's id, as the frame numbered it. */
const id = is('a number', (v): v is number => typeof v === 'number');
/** Said only when true. */
const flag = unknown().map((v) => (v === true ? true : undefined));
const heapBytes = id.catch(undefined);
/** What the harness reported: its own fields are checked by the page (results.ts), which decides the verdict. */
const json = string();

const message: Schema<WorkerToFrame> = tagged('type', {
  ready: object({ times: unknown().map(times) }),
  'boot-error': object({ message: unknown().map(text) }),
  snapshot: object({ bytes: instance(Blob, 'a Blob') }),
  started: object({ id }),
  output: object({
    id,
    stream: literal('stderr').catch('stdout' as const),
    text: string(),
    truncated: flag,
  }),
  progress: object({ id, test: string() }),
  result: object({
    id,
    json,
    heapBytes,
    fresh: flag,
    stale: string()
      .map((s) => s.slice(0, 200))
      .catch(undefined),
  }),
  verdict: object({ id, json }),
  fatal: object({ id, message: unknown().map(text), fresh: flag }),
  'agent-done': object({ id }),
  'agent-observation': object({ id, json, heapBytes }),
  'agent-files': object({ id, json }),
});

/** The message as the protocol's union, or undefined when it is none of its members. */
export function readWorkerMessage(data: unknown): WorkerToFrame | undefined {
  return message.get(data);
}

/** A message's text; a cloned object whose own toString is not a function makes String() throw. */
function text(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'the worker sent a message that is not text';
  }
}

/** Start-up moments: only finite numbers under at most a few short names are kept. */
function times(value: unknown): Record<string, number> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kept: Record<string, number> = {};
  for (const [name, at] of Object.entries(value).slice(0, 16))
    if (typeof at === 'number' && Number.isFinite(at)) kept[name.slice(0, 40)] = at;
  return kept;
}
