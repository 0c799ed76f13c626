// Feeds a response body to a parser, stopping the moment the caller aborts or the stream is over.
import type { StreamEvent } from '../shared/model.ts';
import { cancelledError, isAbortError } from './errors.ts';
import type { ModelError } from './errors.ts';
import type { StreamParser } from './stream-state.ts';

export type ReadOutcome = 'ended' | 'stopped' | 'dropped';

/** Marks an exception thrown by the caller's own onEvent, which must pass through untouched. */
class CallbackError {
  constructor(readonly error: unknown) {}
}

export async function readInto(
  res: Response,
  parser: StreamParser,
  signal: AbortSignal | undefined,
  onEvent: ((e: StreamEvent) => void) | undefined,
  /** Told of every chunk, events or not (keep-alive comments count as life). */
  onChunk?: () => void,
): Promise<ReadOutcome> {
  const deliver = (events: StreamEvent[]): void => {
    if (!onEvent) return;
    try {
      for (const e of events) onEvent(e);
    } catch (err) {
      throw new CallbackError(err);
    }
  };
  if (!res.body) {
    deliver(parser.end());
    return 'ended';
  }
  const reader = res.body.getReader();
  const stop = (): void => {
    reader.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw cancelledError();
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (signal?.aborted || isAbortError(e)) throw cancelledError();
        deliver(parser.end());
        return 'dropped';
      }
      if (signal?.aborted) throw cancelledError();
      if (chunk.done) {
        deliver(parser.end());
        return 'ended';
      }
      onChunk?.();
      deliver(parser.push(chunk.value));
      const s = parser.state;
      // Whatever a server sends after its end marker or an error is not ours to read.
      if (s.done || s.error || s.malformed) {
        stop();
        return 'stopped';
      }
    }
  } catch (e) {
    stop();
    if (e instanceof CallbackError) throw e.error;
    throw e as ModelError;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
