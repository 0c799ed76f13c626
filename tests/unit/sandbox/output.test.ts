import { describe, expect, it } from 'vitest';
import { Sink } from '../../../src/sandbox/frame/javascript/output.ts';
import { OutputCollector, stoppedResult } from '../../../src/sandbox/results.ts';

type Event = [stream: string, text: string, cut: boolean];

function jsSink(cap: number): { sink: Sink; events: Event[] } {
  const events: Event[] = [];
  const sink = new Sink(
    cap,
    (stream, text, cut) => events.push([stream, text, cut]),
    (fn) => setTimeout(fn, 0),
  );
  return { sink, events };
}

describe('a flood of output stopped before the run could add its mark', () => {
  it('is still marked as truncated when the sandbox said so at once', () => {
    const out = new OutputCollector(8);
    out.add('stdout', '0\n1\n2\n3\n');
    out.add('stdout', '', true);
    const r = stoppedResult('timed out', 10_000, out);
    expect(r.truncated).toBe(true);
    expect(r.stdout).toBe('0\n1\n2\n3\n\n… [output truncated]');
  });

  it('carries the sandbox’s own counted mark once, with no second one', () => {
    const out = new OutputCollector(8);
    out.add('stdout', '0\n1\n2\n3\n');
    out.add('stdout', '', true);
    out.add('stdout', '\n… [output truncated: 99 more characters]', true);
    const r = stoppedResult('timed out', 10_000, out);
    expect(r.stdout).toBe('0\n1\n2\n3\n\n… [output truncated: 99 more characters]');
    expect(r.stdout.match(/output truncated/g)).toHaveLength(1);
  });

  it('is not marked when nothing was dropped', () => {
    const out = new OutputCollector(8);
    out.add('stdout', 'ok\n');
    const r = stoppedResult('timed out', 10_000, out);
    expect([r.stdout, r.truncated]).toEqual(['ok\n', false]);
  });
});

describe('the JavaScript output sink', () => {
  it('says at once that it cut, then gives the count at the end', () => {
    const { sink, events } = jsSink(10);
    for (let i = 0; i < 100; i++) sink.write('stdout', `${i}\n`);
    const notices = events.filter(([, , cut]) => cut);
    expect(notices).toEqual([['stdout', '', true]]);
    expect(
      events
        .filter(([, , cut]) => !cut)
        .map(([, t]) => t)
        .join(''),
    ).toBe('0\n1\n2\n3\n4\n');
    expect(sink.finish()).toBe(true);
    expect(events.at(-1)).toEqual(['stdout', '\n… [output truncated: 280 more characters]', true]);
  });

  it('sends nothing extra when the output fits', () => {
    const { sink, events } = jsSink(100);
    sink.write('stdout', 'hello\n');
    expect(sink.finish()).toBe(false);
    expect(events).toEqual([['stdout', 'hello\n', false]]);
  });
});
