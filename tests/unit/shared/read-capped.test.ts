import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readCappedText } from '../../../src/shared/read-capped.ts';

const MB = 1024 * 1024;

/** A stream of the bytes, in chunks of `size` (a file or a body arrives so); `sent` counts what was taken. */
function stream(bytes: Uint8Array, size = 64 * 1024, sent = { bytes: 0 }): ReadableStream<Uint8Array> {
  return new ReadableStream(
    {
      pull(c) {
        if (sent.bytes >= bytes.length) return c.close();
        c.enqueue(bytes.slice(sent.bytes, sent.bytes + size));
        sent.bytes += size;
      },
    },
    { highWaterMark: 0 },
  );
}

describe('reading a file whole, with a limit', () => {
  const text = `${'{"task_id": "T/0", "completion": "  return 1 ✓"}\n'.repeat(300)}`;

  it('reads plain and gzipped text, however it is cut, and drops a byte order mark', async () => {
    const plain = new TextEncoder().encode(`\uFEFF${text}`);
    for (const size of [1, 7, 4096, 1 << 20]) {
      expect(await readCappedText(stream(plain, size), 'a.jsonl', MB)).toBe(text);
      expect(await readCappedText(stream(gzipSync(plain), size), 'a.jsonl.gz', MB)).toBe(text);
    }
    expect(await readCappedText(null, 'empty', MB)).toBe('');
    expect(await readCappedText(stream(new Uint8Array()), 'empty', MB)).toBe('');
  });

  it('stops at the limit, naming the file and the limit', async () => {
    const big = new Uint8Array(3 * MB).fill(0x20);
    await expect(readCappedText(stream(big), 'big.jsonl', 2 * MB)).rejects.toThrow(
      'big.jsonl: larger than the limit of 2 MB',
    );
  });

  it('stops a gzip bomb once it has unpacked to the limit, without reading the rest', async () => {
    const bomb = gzipSync(new Uint8Array(64 * MB));
    const sent = { bytes: 0 };
    await expect(readCappedText(stream(bomb, 1024, sent), 'bomb.jsonl.gz', 2 * MB)).rejects.toThrow(
      'bomb.jsonl.gz: larger than the limit of 2 MB once unpacked',
    );
    expect(sent.bytes).toBeLessThan(bomb.length / 2);
  });

  it('says a damaged gzip file is not readable', async () => {
    const gz = gzipSync(new TextEncoder().encode(text));
    gz.fill(0x41, 20, 60);
    await expect(readCappedText(stream(gz), 'bad.gz', MB)).rejects.toThrow(/^bad\.gz: not a readable gzip file/);
  });
});
