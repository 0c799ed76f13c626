// A body that should be SSE, but may turn out to be one JSON document (a server that ignored
// stream:true, or an error sent with 200) or a web page. The first visible character decides.
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage } from 'eventsource-parser';
import type { StreamEvent } from '../../shared/model.ts';
import { parseJson } from '../error-payload.ts';
import { ChunkDecoder } from '../stream-state.ts';
import type { StreamParser, StreamState } from '../stream-state.ts';

export interface SseBodyHandlers {
  onEvent(event: EventSourceMessage): void;
  onComment?(comment: string): void;
  /** The whole body was a single JSON document. */
  onJson(value: unknown): void;
  onMalformed(what: string): void;
}

export interface SseBody {
  feed(text: string): void;
  end(): void;
}

export function createSseBody(h: SseBodyHandlers): SseBody {
  let mode: 'unknown' | 'sse' | 'json' | 'html' = 'unknown';
  let pending = '';
  const sse = createParser({
    onEvent: (e) => h.onEvent(e),
    onComment: (c) => h.onComment?.(c),
  });

  function feed(text: string): void {
    if (mode === 'sse') return sse.feed(text);
    if (mode === 'html') return;
    pending += text;
    if (mode === 'json') return;
    const first = pending.trimStart()[0];
    if (first === undefined) return;
    if (first === '{' || first === '[') {
      mode = 'json';
    } else if (first === '<') {
      mode = 'html';
      h.onMalformed('a web page instead of an event stream');
    } else {
      mode = 'sse';
      const all = pending;
      pending = '';
      sse.feed(all);
    }
  }

  function end(): void {
    if (mode === 'sse') {
      // A last event without its closing blank line still counts.
      sse.feed('\n\n');
    } else if (mode === 'json') {
      const value = parseJson(pending);
      if (value === undefined) h.onMalformed('a JSON body that is cut off or invalid');
      else h.onJson(value);
    }
  }

  return { feed, end };
}

/** Bytes in, events out, for a format whose handlers push their events onto `out`. */
export function sseStreamParser(state: StreamState, out: StreamEvent[], body: SseBody): StreamParser {
  const decoder = new ChunkDecoder();
  return {
    state,
    push(chunk) {
      body.feed(decoder.decode(chunk));
      return out.splice(0);
    },
    end() {
      body.feed(decoder.flush());
      body.end();
      return out.splice(0);
    },
  };
}
