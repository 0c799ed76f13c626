// What every wire-format parser shares: bytes in, events out, a state read at the end.
import type { StreamEvent } from '../shared/model.ts';
import type { ErrorFields } from './error-payload.ts';

export interface StreamState {
  text: string;
  reasoning: string;
  /** Normalised: 'stop', 'length', or the provider's own word. */
  finishReason?: string;
  inputTokens?: number;
  outputTokens?: number;
  /** The format's end marker arrived ([DONE], message_stop, done:true). */
  done: boolean;
  /** An error object the server sent inside the stream. */
  error?: ErrorFields;
  /** Set when the body was not the format at all, or a piece of it could not be read. */
  malformed?: string;
  /** Replies after the first, by index, when one request asked for several (OpenAI's `n`). */
  others?: Map<number, { text: string; finishReason?: string }>;
}

export interface StreamParser {
  /** Pure: no I/O, no clocks. A chunk may end anywhere, even inside a UTF-8 character. */
  push(chunk: Uint8Array | string): StreamEvent[];
  /** The body has ended: flush what is buffered. */
  end(): StreamEvent[];
  readonly state: StreamState;
}

export function emptyState(): StreamState {
  return { text: '', reasoning: '', done: false };
}

/** A multi-byte character split across chunks must come out whole. */
export class ChunkDecoder {
  private readonly decoder = new TextDecoder('utf-8');

  decode(chunk: Uint8Array | string): string {
    return typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
  }

  flush(): string {
    return this.decoder.decode();
  }
}

const FINISH: Record<string, string> = {
  stop: 'stop',
  end_turn: 'stop',
  stop_sequence: 'stop',
  eos: 'stop',
  length: 'length',
  max_tokens: 'length',
  model_length: 'length',
};

export function normaliseFinish(reason: string): string {
  return FINISH[reason] ?? reason;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Adds text to the state and records the event, skipping empty deltas. */
export function emit(state: StreamState, out: StreamEvent[], type: StreamEvent['type'], text: unknown): void {
  if (typeof text !== 'string' || text === '') return;
  if (type === 'text') state.text += text;
  else state.reasoning += text;
  out.push({ type, text });
}
