// Feeds a parser the same bytes in every possible way: whole, one byte at a time, and split in
// two at every byte boundary (including inside multi-byte UTF-8 characters).
import { expect } from 'vitest';
import type { StreamEvent } from '../../../src/shared/model.ts';
import type { StreamParser, StreamState } from '../../../src/models/stream-state.ts';

export interface Run {
  state: StreamState;
  events: StreamEvent[];
}

function feed(make: () => StreamParser, chunks: Uint8Array[]): Run {
  const p = make();
  const events: StreamEvent[] = [];
  for (const c of chunks) events.push(...p.push(c));
  events.push(...p.end());
  return { state: { ...p.state }, events };
}

function joined(events: StreamEvent[], type: StreamEvent['type']): string {
  return events
    .filter((e) => e.type === type)
    .map((e) => e.text)
    .join('');
}

/** Runs every split and checks each gives exactly the whole-body result; returns that result. */
export function everySplit(make: () => StreamParser, body: string): Run {
  const bytes = new TextEncoder().encode(body);
  const whole = feed(make, [bytes]);
  expect(joined(whole.events, 'text')).toBe(whole.state.text);
  expect(joined(whole.events, 'reasoning')).toBe(whole.state.reasoning);
  const bytewise = feed(
    make,
    Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)),
  );
  expect(bytewise.state).toEqual(whole.state);
  for (let i = 1; i < bytes.length; i++) {
    const run = feed(make, [bytes.subarray(0, i), bytes.subarray(i)]);
    if (JSON.stringify(run.state) !== JSON.stringify(whole.state)) {
      expect(run.state, `split at byte ${i}`).toEqual(whole.state);
    }
    expect(joined(run.events, 'text')).toBe(whole.state.text);
  }
  return whole;
}
