// fixpoint eval: grade {task_id, completion} samples exactly as the HumanEval reference harness does.
import { createWriteStream } from 'node:fs';
import { parseProblems, parseSamples, problemJob, type Problem } from '../src/shared/problems.ts';
import { parseFlags } from './args.ts';
import { checkOutFile, readText } from './files.ts';
import { openHeadless } from './page.ts';
import { gradeAll } from './eval-grading.ts';
import { Progress } from './progress.ts';
import { phase } from './timings.ts';
import { workersFor } from './workers.ts';
import { SANDBOX_RULE } from '../src/shared/parallelism.ts';

export const EVAL_USAGE = `eval --problems FILE --samples FILE [--timeout 3] [--workers N] [--out FILE]
      --workers: sandboxes grading at once; default ${SANDBOX_RULE}
      --timeout: seconds per sample; to match a native harness's verdicts near its limit, see README`;

interface EvalRow {
  task_id: string | number;
  completion: string;
  passed: boolean;
  result: string;
}

export async function evalCommand(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, {
    problems: { type: 'string', required: true },
    samples: { type: 'string', required: true },
    timeout: { type: 'number', min: 0.1 },
    // Each sandbox is two interpreters of a few hundred MB each.
    workers: { type: 'int', min: 1, max: 16 },
    out: { type: 'string' },
    'no-isolation': { type: 'boolean' },
  });
  const problemsFile = flags.problems;
  const problems = new Map<string, Problem>(
    parseProblems(readText(problemsFile), problemsFile).map((p) => [p.taskId, p]),
  );
  const samplesFile = flags.samples;
  const samples = parseSamples(readText(samplesFile), samplesFile, problems);
  if (flags.out) checkOutFile(flags.out, [problemsFile, samplesFile]);
  const timeout = flags.timeout ?? 3;
  const workers = workersFor(flags.workers, samples.length);
  const log = (s: string): void => void process.stderr.write(`${s}\n`);

  const jobs = samples.map((s) => problemJob(problems.get(s.taskId)!, s.completion, timeout));
  const languages = [...new Set(jobs.map((j) => j.language))];
  const page = await openHeadless({ sandboxes: workers, isolated: !flags['no-isolation'], log, languages });
  const rows: (EvalRow | undefined)[] = new Array(samples.length);
  const progress = new Progress(samples.length, 'graded');
  const out = flags.out ? createWriteStream(flags.out) : undefined;
  let written = 0;
  const flush = (): void => {
    // Rows go out in input order as soon as every earlier one is done.
    while (written < rows.length && rows[written]) {
      const line = `${JSON.stringify(rows[written])}\n`;
      if (out) out.write(line);
      else process.stdout.write(line);
      written++;
    }
  };
  try {
    await phase('grading', () =>
      gradeAll(page, jobs, (k, r) => {
        const s = samples[k]!;
        rows[k] = { task_id: s.rawId, completion: s.completion, passed: r.result === 'passed', result: r.result };
        progress.tick(r.result === 'passed');
        void phase('writing results', flush);
      }),
    );
  } finally {
    await phase('closing', () => page.close());
    progress.done();
    if (out) await new Promise<void>((ok) => out.end(ok));
  }
  const passed = rows.filter((r) => r?.passed).length;
  const summary = {
    summary: true,
    samples: rows.length,
    passed,
    pass_rate: rows.length ? passed / rows.length : 0,
    seconds: progress.seconds(),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return 0;
}
