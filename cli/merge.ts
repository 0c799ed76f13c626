// fixpoint merge: the --out files of a sharded eval or run, joined into one in input order.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseRunRows } from '../src/shared/bench-rows.ts';
import { summarize } from '../src/shared/bench-summary.ts';
import { InputError } from '../src/shared/problems.ts';
import { UsageError } from './args.ts';
import { checkOutFile, readText } from './files.ts';
import { mergeParts } from './merge-parts.ts';

export const MERGE_USAGE = `merge --out FILE PART...
      joins the --out files of "eval --shard" or "run --shard" parts in input order; overlapping parts are
      refused, missing rows are listed (exit status 1, the rows there are still written)`;

function parseArgs(argv: string[]): { out: string; parts: string[] } {
  let out: string | undefined;
  const parts: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--out' || arg.startsWith('--out=')) {
      out = arg === '--out' ? argv[++i] : arg.slice(6);
      if (!out || out.startsWith('--')) throw new UsageError('--out needs a value');
    } else if (arg.startsWith('--')) throw new UsageError(`unknown flag ${arg.split('=')[0]}`);
    else parts.push(arg);
  }
  if (!out) throw new UsageError('--out is required');
  if (!parts.length) throw new UsageError('merge needs the part files to join');
  const twice = parts.find((p, i) => parts.findIndex((q) => resolve(q) === resolve(p)) !== i);
  if (twice) throw new UsageError(`${twice} is given twice`);
  return { out, parts };
}

/** The summary line the unsharded command would have written (without its seconds). */
function summaryOf(rows: Record<string, unknown>[], out: string): Record<string, unknown> {
  if (rows.some((r) => Array.isArray(r.attempts)))
    return { summary: true, ...summarize(parseRunRows(rows.map((r) => JSON.stringify(r)).join('\n'), out)) };
  const passed = rows.filter((r) => r.passed === true).length;
  return { summary: true, samples: rows.length, passed, pass_rate: rows.length ? passed / rows.length : 0 };
}

export function mergeCommand(argv: string[]): number {
  const { out, parts } = parseArgs(argv);
  checkOutFile(out, parts);
  const merged = mergeParts(parts.map((file) => ({ file, text: readText(file) })));
  if (!merged.of) throw new InputError(parts.join(', '), undefined, 'no rows to merge');
  writeFileSync(out, merged.rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  for (const file of merged.cutOff) log(`fixpoint: ${file}: its last line was cut off (an interrupted run)`);
  if (merged.rows.length) process.stdout.write(`${JSON.stringify(summaryOf(merged.rows, out))}\n`);
  if (!merged.missing.length) {
    log(`fixpoint: merged ${merged.rows.length} rows from ${parts.length} files into ${out}`);
    return 0;
  }
  const shown = merged.missing.slice(0, 20).join(', ');
  const more = merged.missing.length > 20 ? `, … (${merged.missing.length - 20} more)` : '';
  const none = merged.partsWithoutRows.map((k) => `${k}/${merged.n}`);
  const absent = none.length ? `; no rows at all from part${none.length > 1 ? 's' : ''} ${none.join(', ')}` : '';
  log(
    `fixpoint: ${out} is incomplete: ${merged.missing.length} of ${merged.of} rows are missing, input rows ${shown}${more} (counted from 0)${absent}. ` +
      'Run the missing parts, or rerun an interrupted part with its --shard and --out: it resumes where it stopped.',
  );
  return 1;
}
