// What a Python worker says to the frame, read as data of unknown shape: the worker runs
// untrusted code, so a message is only acted on once its type and the fields that type needs
// are checked here.
import type { WorkerToFrame } from '../../shared/sandbox-protocol.ts';

/** The message as the protocol's union, or undefined when it is none of its members. */
export function readWorkerMessage(data: unknown): WorkerToFrame | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  const id = m.id;
  switch (m.type) {
    case 'ready':
      return { type: 'ready', ...times(m.times) };
    case 'boot-error':
      return { type: 'boot-error', message: text(m.message) };
    case 'snapshot':
      return m.bytes instanceof Blob ? { type: 'snapshot', bytes: m.bytes } : undefined;
  }
  if (typeof id !== 'number') return undefined;
  switch (m.type) {
    case 'started':
      return { type: 'started', id };
    case 'output':
      if (typeof m.text !== 'string') return undefined;
      return {
        type: 'output',
        id,
        stream: m.stream === 'stderr' ? 'stderr' : 'stdout',
        text: m.text,
        ...(m.truncated === true ? { truncated: true } : {}),
      };
    case 'progress':
      return typeof m.test === 'string' ? { type: 'progress', id, test: m.test } : undefined;
    case 'result':
      // The result's own fields are checked by the page (results.ts), which decides the verdict.
      if (typeof m.json !== 'string') return undefined;
      return {
        type: 'result',
        id,
        json: m.json,
        ...(typeof m.heapBytes === 'number' ? { heapBytes: m.heapBytes } : {}),
        ...(m.fresh === true ? { fresh: true } : {}),
        ...(typeof m.stale === 'string' ? { stale: m.stale.slice(0, 200) } : {}),
      };
    case 'verdict':
      return typeof m.json === 'string' ? { type: 'verdict', id, json: m.json } : undefined;
    case 'fatal':
      return { type: 'fatal', id, message: text(m.message), ...(m.fresh === true ? { fresh: true } : {}) };
    case 'agent-done':
      return { type: 'agent-done', id };
    case 'agent-observation':
      if (typeof m.json !== 'string') return undefined;
      return {
        type: 'agent-observation',
        id,
        json: m.json,
        ...(typeof m.heapBytes === 'number' ? { heapBytes: m.heapBytes } : {}),
      };
    case 'agent-files':
      return typeof m.json === 'string' ? { type: 'agent-files', id, json: m.json } : undefined;
  }
  return undefined;
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
function times(value: unknown): { times?: Record<string, number> } {
  if (typeof value !== 'object' || value === null) return {};
  const kept: Record<string, number> = {};
  for (const [name, at] of Object.entries(value).slice(0, 16))
    if (typeof at === 'number' && Number.isFinite(at)) kept[name.slice(0, 40)] = at;
  return { times: kept };
}
