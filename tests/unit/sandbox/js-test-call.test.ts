// test([name][, options][, fn]) as node:test reads it: the function runs whichever parts are
// given, and only the options' own skip or todo skip it.
import { describe, expect, it } from 'vitest';
import { testCall } from '../../../src/sandbox/frame/javascript/test-call.ts';

function adds(): void {}

describe("node:test's arguments", () => {
  it('find the function and the name whichever parts are given', () => {
    expect(testCall(['adds', { timeout: 500 }, adds])).toEqual({ name: 'adds', fn: adds, skip: false });
    expect(testCall(['adds', adds])).toEqual({ name: 'adds', fn: adds, skip: false });
    expect(testCall([{ timeout: 500 }, adds])).toEqual({ name: 'adds', fn: adds, skip: false });
    expect(testCall([adds])).toEqual({ name: 'adds', fn: adds, skip: false });
    expect(testCall(['only a name'])).toEqual({ name: 'only a name', fn: undefined, skip: false });
  });

  it('skip on its own skip or todo option, never on one inherited from Object.prototype', () => {
    expect(testCall(['a', { skip: true }, adds]).skip).toBe(true);
    expect(testCall(['a', { todo: 'later' }, adds]).skip).toBe(true);
    expect(testCall(['a', { skip: false }, adds]).skip).toBe(false);
    const proto = Object.prototype as Record<string, unknown>;
    proto.skip = true;
    try {
      expect(testCall(['a', { timeout: 500 }, adds]).skip).toBe(false);
    } finally {
      delete proto.skip;
    }
  });
});
