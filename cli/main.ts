// fixpoint: the command line over the same page code path (built page, headless Chromium).
import { InputError } from '../src/shared/problems.ts';
import { UsageError } from './args.ts';
import { NoBrowserError } from './browser.ts';
import { EVAL_USAGE, evalCommand } from './eval.ts';
import { GRADE_USAGE, gradeCommand } from './grade.ts';
import { PACK_USAGE, packCommand } from './pack.ts';
import { RUN_USAGE, runCommand } from './run.ts';
import { record, writeTimings } from './timings.ts';

const USAGE = `usage: npm run fixpoint -- <command> [flags]

commands:
  ${EVAL_USAGE}
  ${RUN_USAGE}
  ${PACK_USAGE}
  ${GRADE_USAGE}
`;

async function main(argv: string[]): Promise<number> {
  // Node, tsx and every module (Playwright included) have loaded by now.
  record('nodeStartMs', performance.now());
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'eval') return evalCommand(rest);
  if (command === 'run') return runCommand(rest);
  if (command === 'pack') return packCommand(rest);
  if (command === 'grade') return gradeCommand(rest);
  throw new UsageError(`unknown command "${command}"`);
}

main(process.argv.slice(2)).then(
  (code) => {
    writeTimings();
    process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`fixpoint: ${err.message}\n\n${USAGE}`);
      process.exit(2);
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
