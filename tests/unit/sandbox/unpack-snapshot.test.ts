// The memory a stored snapshot restores is known from its first bytes, before the rest is read,
// and agrees with what the whole read says. The one built with the app is kept however it came.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readAhead, readLength, unpackSnapshot } from '../../../src/sandbox/frame/unpack-snapshot.ts';
import { toSparse } from '../../../src/shared/sparse-snapshot.ts';

function snapshot(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 3 * 4096) bytes.fill(7, at, Math.min(length, at + 100));
  return bytes;
}

describe('the length of a stored snapshot', () => {
  it('is read from the first bytes of this browser’s sparse copy', async () => {
    const whole = snapshot(40 * 4096 + 24);
    const sparse = new Blob([toSparse(whole)]);
    expect(sparse.size).toBeLessThan(whole.length);
    expect(await readLength(sparse)).toBe(whole.length);
    expect((await readAhead(sparse)).length).toBe(whole.length);
  });

  it('is the size of a whole one', async () => {
    const whole = new Blob([snapshot(10 * 4096)]);
    expect(await readLength(whole)).toBe(10 * 4096);
    expect((await readAhead(whole)).length).toBe(10 * 4096);
  });
});

describe('the snapshot built with the app', () => {
  it('is unpacked and kept, whether it came compressed or a server unpacked it in transit', async () => {
    const whole = snapshot(4 * 4096);
    for (const sent of [gzipSync(whole), whole]) {
      const got = await unpackSnapshot(new Blob([sent]));
      expect(got.built).toBe(true);
      expect(new Uint8Array(await got.bytes.arrayBuffer())).toEqual(whole);
    }
    expect((await readAhead(new Blob([whole]))).built).toBe(false);
  });
});
