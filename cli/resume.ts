// What an interrupted `--out` file already holds. Rows go out in input order, so a run that
// stopped (killed, out of time, a failing endpoint) left the first rows of its list; those are
// kept and the rest run. The last line may have been cut off mid-write: it is dropped and run again.
import { InputError } from '../src/shared/problems.ts';

export interface Kept {
  rows: Record<string, unknown>[];
  /** Where each kept row ends in the file, in bytes: what follows the last kept one is cut off. */
  ends: number[];
}

/**
 * The rows of `text` to keep: row j must be the one this run makes for its j-th item (`mismatch`
 * says why not, if it is not), else the file is another run's and nothing is overwritten.
 */
export function keptRows(
  text: string,
  file: string,
  expected: number,
  mismatch: (row: Record<string, unknown>, j: number) => string | undefined,
): Kept {
  const rows: Record<string, unknown>[] = [];
  const refuse = (line: number, why: string): never => {
    throw new InputError(file, line, `cannot resume into this file: ${why}; remove it or choose another --out`);
  };
  const tail = text.trimEnd().length; // where the file's last line of content ends
  const ends: number[] = [];
  let offset = 0;
  let at = 0;
  let line = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    line++;
    if (end < 0) break; // the last line, cut off
    const raw = text.slice(at, end);
    const last = end >= tail;
    offset += Buffer.byteLength(raw) + 1;
    at = end + 1;
    if (!raw.trim()) continue;
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // Only the last line can be half written; a bad line before others is not this run's.
      if (last) break;
      return refuse(line, 'the line is not JSON');
    }
    // A summary line ends a finished run's stdout; it is written again at the end.
    if (row?.summary === true && last) break;
    if (typeof row !== 'object' || row === null) refuse(line, 'the line is not a row');
    if (rows.length >= expected) refuse(line, `it has more rows than this run makes (${expected})`);
    const why = mismatch(row, rows.length);
    if (why) refuse(line, why);
    rows.push(row);
    ends.push(offset);
  }
  return { rows, ends };
}
