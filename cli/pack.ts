// fixpoint pack check: every exercise's solution must pass all its tests (visible and hidden)
// within the pack's limits. Exit 0 when all do, 1 naming the exercise and test that does not,
// 2 for a malformed pack (naming the file and the problem).
import { checkSubmissions, judgeCheckRow } from '../src/classroom/check.ts';
import { parsePack } from '../src/classroom/validate.ts';
import { plural } from '../src/shared/format.ts';
import { parseFlags, UsageError } from './args.ts';
import { readText } from './files.ts';
import { gradeAll } from './grading-runs.ts';
import { openHeadless } from './page.ts';
import { workersFor } from './workers.ts';
import { sandboxesFor } from './web-references.ts';

export const PACK_USAGE = 'pack check --pack FILE [--workers N]';

export async function packCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'check') throw new UsageError(sub ? `unknown pack command "${sub}"` : 'pack needs a command: check');
  const flags = parseFlags(rest, {
    pack: { type: 'string', required: true },
    workers: { type: 'int', min: 1, max: 16 },
    'no-isolation': { type: 'boolean' },
  });
  const file = flags.pack;
  const pack = parsePack(readText(file), file);
  const out = (s: string): void => void process.stdout.write(`${s}\n`);
  const log = (s: string): void => void process.stderr.write(`${s}\n`);

  const { subs, missing } = checkSubmissions(pack);
  const problems = missing.map((f) => f.text);
  // Web page exercises render in one sandbox (see sandboxesFor).
  const workers = sandboxesFor(pack.exercises, workersFor(flags.workers, Math.max(1, subs.length)));
  const page = await openHeadless({ sandboxes: workers, isolated: !flags['no-isolation'], log });
  try {
    await gradeAll(page, pack, subs, workers, (row) => {
      for (const f of judgeCheckRow(row)) {
        if (f.kind === 'ok') out(`ok   ${f.text}`);
        else if (f.kind === 'warning') out(`warning: ${f.text}`);
        else problems.push(f.text);
      }
    });
  } finally {
    await page.close();
  }
  for (const p of problems) out(`FAIL ${p}`);
  out(
    problems.length ? `${file}: ${plural(problems.length, 'problem')}` : `${file}: every solution passes all its tests`,
  );
  return problems.length ? 1 : 0;
}
