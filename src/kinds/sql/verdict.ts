// A SQL candidate's verdict from the engine's answers to the gold query and to the candidate, in
// the result strings of the other graders: "passed", "timed out", "failed: <engine error>",
// "failed: result differs: ...".
import type { SqlAnswer } from '../../shared/sql.ts';
import { rowsMatch, type CompareRule } from './compare.ts';
import { describeDifference } from './differs.ts';

export interface SqlVerdict {
  passed: boolean;
  result: string;
}

export function sqlVerdict(rule: CompareRule, goldSql: string, gold: SqlAnswer, candidate: SqlAnswer): SqlVerdict {
  if (candidate.kind === 'timed out') return { passed: false, result: 'timed out' };
  if (candidate.kind === 'error') return { passed: false, result: `failed: ${candidate.message}` };
  // The gold query is data too: one that fails grades nothing (BIRD counts the sample wrong).
  if (gold.kind === 'timed out') return { passed: false, result: 'failed: the expected query timed out' };
  if (gold.kind === 'error') return { passed: false, result: `failed: the expected query failed: ${gold.message}` };
  if (gold.more || candidate.more) {
    const n = Math.max(gold.rows.length, candidate.rows.length);
    return { passed: false, result: `failed: result differs: more than ${n} rows, too many to compare` };
  }
  if (rowsMatch(rule, goldSql, gold.rows, candidate.rows)) return { passed: true, result: 'passed' };
  return { passed: false, result: `failed: result differs: ${describeDifference(gold, candidate)}` };
}
