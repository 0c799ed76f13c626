import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PickleError, unpackCompressed, unpickleString } from '../../../../src/kinds/program/pickle.ts';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)));

describe('pickled strings, read without pickle', () => {
  it('reads the opcodes a pickled str is made of, for every width of length', () => {
    // pickle.dumps('héllo', protocol=4), as Python writes it
    expect(unpickleString(bytes([0x80, 4, 0x95, 10, 0, 0, 0, 0, 0, 0, 0, 0x8c, 6], 'héllo', [0x94, 0x2e]))).toBe(
      'héllo',
    );
    expect(unpickleString(bytes([0x80, 3, 0x58, 2, 0, 0, 0], 'ab', [0x2e]))).toBe('ab');
    expect(unpickleString(bytes([0x8d, 1, 0, 0, 0, 0, 0, 0, 0], 'z', [0x2e]))).toBe('z');
  });

  it('refuses anything that is not one str', () => {
    // GLOBAL os.system: what a hostile pickle uses to run code
    expect(() => unpickleString(bytes('cos\nsystem\n'))).toThrow(/opcode 0x63 at byte 0/);
    expect(() => unpickleString(bytes([0x8c, 1], 'a', [0x8c, 1], 'b', [0x2e]))).toThrow(PickleError);
    expect(() => unpickleString(bytes([0x8c, 9], 'a'))).toThrow(/ends inside its string/);
    expect(() => unpickleString(bytes([0x8c, 1], 'a'))).toThrow(/no STOP/);
    expect(() => unpickleString(bytes([0x2e]))).toThrow(/no string/);
  });

  it("unpacks LiveCodeBench's base64(zlib(pickle)) form", async () => {
    const pickled = bytes([0x80, 4, 0x8c, 2], '[]', [0x94, 0x2e]);
    expect(await unpackCompressed(Buffer.from(deflateSync(pickled)).toString('base64'))).toBe('[]');
    await expect(unpackCompressed('not base64!')).rejects.toThrow(/not base64/);
    await expect(unpackCompressed(Buffer.from('plain').toString('base64'))).rejects.toThrow(/not zlib/);
  });

  it('stops unpacking tests that grow past the cap (a small file that unpacks to gigabytes)', async () => {
    const bomb = Buffer.from(deflateSync(Buffer.alloc(4 * 2 ** 20))).toString('base64');
    expect(bomb.length).toBeLessThan(10_000);
    await expect(unpackCompressed(bomb, 2 ** 20)).rejects.toThrow(/unpack to more than 1 MiB/);
  });
});
