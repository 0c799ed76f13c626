// What the runner says about a thrown value: it must never throw itself, whatever the value is
// and whatever run code replaced (a throw here once left a run crashed with the harness's error).
import { describe, expect, it } from 'vitest';
import { describeThrown } from '../../../src/sandbox/frame/javascript/errors.ts';

const g = globalThis as Record<string, unknown>;

describe('describing a thrown value', () => {
  it('names the error and its line when run code replaced RegExp and String.prototype.replace', () => {
    const err = new Error('boom');
    err.stack = 'Error: boom\n    at add (main.js:3:9)\n    at elsewhere (blob:x:1:1)';
    const { RegExp: realRegExp } = globalThis;
    const replace = String.prototype.replace;
    g.RegExp = function () {
      return {};
    };
    String.prototype.replace = () => {
      throw new Error('patched');
    };
    let d;
    try {
      d = describeThrown(err, ['main.js', 'tests.js'], 'main.js');
    } finally {
      g.RegExp = realRegExp;
      String.prototype.replace = replace;
    }
    expect(d).toMatchObject({ type: 'Error', message: 'boom', exception: { line: 3 } });
    expect(d.exception.traceback).toBe('Error: boom\n    at add (main.js:3:9)');
  });

  it('describes a Proxy whose every trap throws, and names a value thrown in a test as thrown', () => {
    const trap = (): never => {
      throw undefined;
    };
    const hostile = new Proxy({}, { getPrototypeOf: trap, get: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
    expect(() => describeThrown(hostile, ['main.js'], 'main.js')).not.toThrow();
    expect(describeThrown(undefined, ['main.js'], 'main.js', true)).toMatchObject({
      type: 'Thrown',
      message: 'undefined',
    });
  });
});
