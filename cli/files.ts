import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { InputError } from '../src/shared/problems.ts';
import { megabytes } from '../src/shared/read-capped.ts';

/**
 * The most of a data file that is read, or unpacked from gzip: far past any real dataset, and
 * short of what a string can hold, so a gzip bomb is refused before it fills the memory.
 */
const FILE_LIMIT = 256 * 1024 * 1024;

/** Reads a text file, plain or gzip-compressed. */
export function readText(file: string): string {
  if (!existsSync(file)) throw new InputError(file, undefined, 'no such file');
  const stat = statSync(file);
  if (stat.isDirectory()) throw new InputError(file, undefined, 'is a folder, not a file');
  if (stat.size > FILE_LIMIT)
    throw new InputError(file, undefined, `larger than the limit of ${megabytes(FILE_LIMIT)}`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new InputError(
      file,
      undefined,
      `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes, { maxOutputLength: FILE_LIMIT }).toString('utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new InputError(file, undefined, `larger than the limit of ${megabytes(FILE_LIMIT)} once unpacked`);
      throw new InputError(file, undefined, `not a readable gzip file (${(err as Error).message})`);
    }
  }
  return bytes.toString('utf8');
}

/**
 * Checked before any work starts: a bad --out would otherwise fail only when the first row is
 * written, after the browser started, or overwrite one of the files being read.
 */
export function checkOutFile(file: string, inputs: string[]): void {
  const path = resolve(file);
  const dir = dirname(path);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new InputError(file, undefined, `cannot write the output: the folder ${dir} does not exist`);
  if (existsSync(path) && statSync(path).isDirectory())
    throw new InputError(file, undefined, 'cannot write the output: it is a folder');
  if (inputs.some((i) => resolve(i) === path))
    throw new InputError(file, undefined, 'cannot write the output over an input file');
  try {
    accessSync(existsSync(path) ? path : dir, constants.W_OK);
  } catch {
    throw new InputError(
      file,
      undefined,
      `cannot write the output: ${existsSync(path) ? 'the file' : `the folder ${dir}`} is not writable`,
    );
  }
}
