// What `run --strategy` reports, checked the same way for every strategy and language: the run
// exits 0, the problem's row passed with the figures the strategy reports, and the code kept is
// not the wrong sample's.
import { expect } from 'vitest';
import { rowsOf, type CliResult } from './cli.ts';

export type StrategyRow = Record<string, unknown> & {
  completion: string;
  attempts: { result: string; reflection?: string }[];
};

/** The first row of a run that ended well; `notFrom` is a mark of the code that must not be chosen. */
export function expectPassedRow(r: CliResult, expected: Record<string, unknown>, notFrom?: string): StrategyRow {
  expect(r.status, r.stderr).toBe(0);
  const [row] = rowsOf<StrategyRow>(r.stdout);
  expect(row).toMatchObject({ passed: true, ...expected });
  if (notFrom !== undefined) expect(row!.completion).not.toContain(notFrom);
  return row!;
}
