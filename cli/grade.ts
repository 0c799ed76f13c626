// fixpoint grade: grades students' submissions against a pack, every test on its own, in the
// same sandbox the page uses, one fresh interpreter per submission.
import { createWriteStream, writeFileSync } from 'node:fs';
import { gradesCsv } from '../src/classroom/grading.ts';
import { parseSubmissions, studentClashes } from '../src/classroom/results.ts';
import { parsePack } from '../src/classroom/validate.ts';
import { parseFlags } from './args.ts';
import { checkOutFile, readText } from './files.ts';
import { gradeAll } from './grading-runs.ts';
import { openHeadless } from './page.ts';
import { workersFor } from './workers.ts';
import { sandboxesFor } from './web-references.ts';
import { Progress } from './progress.ts';

export const GRADE_USAGE = 'grade --pack FILE --submissions FILE [--out FILE] [--csv FILE] [--workers N]';

export async function gradeCommand(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, {
    pack: { type: 'string', required: true },
    submissions: { type: 'string', required: true },
    out: { type: 'string' },
    csv: { type: 'string' },
    workers: { type: 'int', min: 1, max: 16 },
    'no-isolation': { type: 'boolean' },
  });
  const packFile = flags.pack;
  const subsFile = flags.submissions;
  const pack = parsePack(readText(packFile), packFile);
  const subs = parseSubmissions(readText(subsFile), subsFile, pack);
  const outFile = flags.out;
  const csvFile = flags.csv;
  for (const f of [outFile, csvFile]) if (f) checkOutFile(f, [packFile, subsFile]);
  // Web page exercises render in one sandbox (see sandboxesFor).
  const workers = sandboxesFor(pack.exercises, workersFor(flags.workers, subs.length));
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  // Before grading, so it is seen however long grading takes; the rows are graded all the same.
  for (const clash of studentClashes(subs)) log(`warning: ${clash}`);

  const page = await openHeadless({ sandboxes: workers, isolated: !flags['no-isolation'], log });
  const out = outFile ? createWriteStream(outFile) : undefined;
  const progress = new Progress(subs.length, 'graded');
  let rows;
  try {
    rows = await gradeAll(page, pack, subs, workers, (row) => {
      const line = `${JSON.stringify(row)}\n`;
      if (out) out.write(line);
      else process.stdout.write(line);
      progress.tick(row.status === 'pass');
    });
  } finally {
    await page.close();
    progress.done();
    if (out) await new Promise<void>((ok) => out.end(ok));
  }
  if (csvFile) writeFileSync(csvFile, gradesCsv(pack, rows));
  const students = new Set(rows.map((r) => r.student)).size;
  log(`graded ${rows.length} submissions from ${students} students in ${progress.seconds()} s`);
  return 0;
}
