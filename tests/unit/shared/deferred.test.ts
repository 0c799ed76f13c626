import { describe, expect, it } from 'vitest';
import { deferred } from '../../../src/shared/deferred.ts';

describe('deferred', () => {
  it('settles its promise from outside, once', async () => {
    const d = deferred<number>();
    d.resolve(4);
    d.resolve(5);
    await expect(d.promise).resolves.toBe(4);
    const failing = deferred();
    failing.reject(new Error('no wasm'));
    await expect(failing.promise).rejects.toThrow('no wasm');
  });
});
