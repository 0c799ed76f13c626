// The page's reading of what an agent interpreter reports: its code ran there and may have shaped it.
import { describe, expect, it } from 'vitest';
import { readFiles, readObservation } from '../../../src/sandbox/agent/check.ts';

describe("the page's check of an agent observation", () => {
  it('keeps the fields of an observation, each of its type', () => {
    expect(
      readObservation(
        { output: 'hi\n', rich: [], value: '3', error: 'E', finalAnswer: '42', errorType: 'ValueError' },
        100,
      ),
    ).toEqual({ output: 'hi\n', rich: [], value: '3', error: 'E', finalAnswer: '42', errorType: 'ValueError' });
  });

  it('refuses what is not an observation', () => {
    for (const bad of [null, 5, 'text', [], { output: 5, rich: [] }, { output: '', rich: 'none' }])
      expect(readObservation(bad, 100)).toBeUndefined();
  });

  it('cuts output at the cap, drops rich items of other kinds, and takes no answer that is not text', () => {
    const seen = readObservation(
      {
        output: 'x'.repeat(500),
        rich: [
          { mime: 'text/javascript', data: 'alert(1)' },
          { mime: 'image/png', data: 5 },
          { mime: 'text/html', data: '<b>' },
          'junk',
        ],
        finalAnswer: 7,
        value: { toString: 'no' },
        timedOut: false,
        stateLost: false,
      },
      100,
    );
    expect(seen).toEqual({ output: 'x'.repeat(100), outputCut: true, rich: [{ mime: 'text/html', data: '<b>' }] });
  });

  it('lists files of the right shape only', () => {
    expect(
      readFiles([
        { name: 'a.txt', size: 2, text: 'hi', mime: 'text/plain' },
        { name: 'b.png', size: 3, base64: 'AAA=', mime: 'image/png' },
        { name: 'c', size: -1 },
        { name: '', size: 1 },
        { name: 'd', size: 1, base64: '<script>', mime: 'text/html; x' },
      ]),
    ).toEqual([
      { name: 'a.txt', size: 2, text: 'hi', mime: 'text/plain' },
      { name: 'b.png', size: 3, base64: 'AAA=', mime: 'image/png' },
      { name: 'd', size: 1 },
    ]);
    expect(readFiles({})).toBeUndefined();
  });
});
