// fixpoint: the command line over the same page code path (built page, headless Chromium).
import { InputError } from '../src/shared/problems.ts';
import { UsageError } from './args.ts';
import { NoBrowserError } from './browser.ts';
import { record, writeTimings } from './timings.ts';

// Each command's modules load only when it runs: a command does not wait for the others' code.
async function usage(): Promise<string> {
  const [e, q, r, rq, ra, m, p, g] = await Promise.all([
    import('./eval.ts'),
    import('./sql-eval.ts'),
    import('./run.ts'),
    import('./sql-run.ts'),
    import('./agent-run.ts'),
    import('./merge.ts'),
    import('./pack.ts'),
    import('./grade.ts'),
  ]);
  return `usage: npm run fixpoint -- <command> [flags]

commands:
  ${e.EVAL_USAGE}
  ${q.SQL_EVAL_USAGE}
  ${r.RUN_USAGE}
  ${rq.SQL_RUN_USAGE}
  ${ra.AGENT_RUN_USAGE}
  ${m.MERGE_USAGE}
  ${p.PACK_USAGE}
  ${g.GRADE_USAGE}
`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const started = (): void => record('nodeStartMs', performance.now());
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(await usage());
    return command ? 0 : 2;
  }
  // Node, tsx and the command's modules (Playwright included) have loaded when it starts.
  if (command === 'eval') return import('./eval.ts').then((m) => (started(), m.evalCommand(rest)));
  if (command === 'run') return import('./run.ts').then((m) => (started(), m.runCommand(rest)));
  if (command === 'merge') return import('./merge.ts').then((m) => (started(), m.mergeCommand(rest)));
  if (command === 'pack') return import('./pack.ts').then((m) => (started(), m.packCommand(rest)));
  if (command === 'grade') return import('./grade.ts').then((m) => (started(), m.gradeCommand(rest)));
  throw new UsageError(`unknown command "${command}"`);
}

main(process.argv.slice(2)).then(
  (code) => {
    writeTimings();
    process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      const message = err.message;
      void usage().then((u) => {
        process.stderr.write(`fixpoint: ${message}\n\n${u}`);
        process.exit(2);
      });
      return;
    }
    if (err instanceof InputError) {
      process.stderr.write(`fixpoint: ${err.message}\n`);
      process.exit(2);
    }
    if (err instanceof NoBrowserError) {
      process.stderr.write(`fixpoint: ${err.message}\n`);
      process.exit(3);
    }
    process.stderr.write(`fixpoint: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
