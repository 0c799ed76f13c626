import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../src/shared/problems.ts';

/** Reads a text file, plain or gzip-compressed. */
export function readText(file: string): string {
  if (!existsSync(file)) throw new InputError(file, undefined, 'no such file');
  const bytes = readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes).toString('utf8');
    } catch (err) {
      throw new InputError(file, undefined, `not a readable gzip file (${(err as Error).message})`);
    }
  }
  return bytes.toString('utf8');
}
