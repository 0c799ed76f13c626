// best-of-n (and CodeT) on SQL: N queries drawn at once; those whose rows match the expected
// query's on the task's database are run on variants of it (variants.ts), and queries that answer
// alike (under the task's rule, BIRD's or Spider's) on the task's database and on every variant
// form a group. The query is taken from the largest group (ties: the earliest sample), as
// best-of-n takes code from the largest group of programs that print alike. The expected query
// runs on the task's database only: the variants are never graded, only compared.
import { plural } from '../../shared/format.ts';
import type { SampleRecord, Selection } from '../../shared/selection.ts';
import type { SqlAnswer } from '../../shared/sql.ts';
import { rowsMatch, type CompareRule } from './compare.ts';
import { sqlVerdict, type SqlVerdict } from './verdict.ts';

type SqlSelectStrategy = 'best-of-n' | 'codet';

export interface SqlSelect {
  strategy: SqlSelectStrategy;
  samples: number;
  /** What each variant of the task's database is, in order (database k + 1 is variant k). */
  variants: readonly string[];
  /**
   * Runs the queries, each on its own fresh copy of database `db` (0: the task's own; k: variant
   * k); undefined when that variant could not be built.
   */
  runOn(db: number, queries: string[]): Promise<SqlAnswer[] | undefined>;
}

/** Two answers are alike when both are rows equal under the task's rule; an error is like nothing. */
function alike(rule: CompareRule, goldSql: string, a: SqlAnswer | undefined, b: SqlAnswer | undefined): boolean {
  if (a?.kind !== 'rows' || b?.kind !== 'rows' || a.more !== b.more) return false;
  if (a.rows.length > 0 && b.rows.length > 0 && a.rows[0]!.length !== b.rows[0]!.length) return false;
  return rowsMatch(rule, goldSql, a.rows, b.rows) && rowsMatch(rule, goldSql, b.rows, a.rows);
}

/**
 * Groups of samples (indexes), largest first, ties to the group with the earliest sample. Each
 * entry holds a sample's answer on every database, or is undefined for a sample not grouped. A
 * sample joins the first group whose first member it answers alike on every database; a sample
 * that fails (error, time-out) anywhere joins none and stands alone.
 */
export function groupSqlSamples(
  rule: CompareRule,
  goldSql: string,
  answers: readonly (readonly (SqlAnswer | undefined)[] | undefined)[],
): number[][] {
  const groups: number[][] = [];
  answers.forEach((mine, i) => {
    if (!mine) return;
    const home = groups.find((g) => {
      const theirs = answers[g[0]!]!;
      return theirs.length === mine.length && mine.every((a, d) => alike(rule, goldSql, theirs[d], a));
    });
    if (home) home.push(i);
    else groups.push([i]);
  });
  return groups.sort((a, b) => b.length - a.length || a[0]! - b[0]!);
}

export interface SqlChoice {
  selection: Selection;
  /** The expected query's answer on the task's database, and each sample's verdict there. */
  gold: SqlAnswer;
  answers: SqlAnswer[];
  verdicts: SqlVerdict[];
}

/** No sample matched: rows beat an error, an error beats a time-out; the earliest on a tie. */
function mostPromising(answers: readonly SqlAnswer[]): number {
  const score = (a: SqlAnswer): number => (a.kind === 'rows' ? 2 : a.kind === 'error' ? 1 : 0);
  let best = 0;
  answers.forEach((a, i) => {
    if (score(a) > score(answers[best]!)) best = i;
  });
  return best;
}

export async function selectSql(
  sel: SqlSelect,
  rule: CompareRule,
  goldSql: string,
  queries: readonly string[],
): Promise<SqlChoice> {
  const own = (await sel.runOn(0, [goldSql, ...queries]))!;
  const gold = own[0]!;
  const answers = own.slice(1);
  const verdicts = answers.map((a) => sqlVerdict(rule, goldSql, gold, a));
  const kept = verdicts.flatMap((v, i) => (v.passed ? [i] : []));
  // Only samples that match on the task's database are compared further; with one, nothing is.
  const variantAnswers = await Promise.all(
    sel.variants.map((_, k) =>
      kept.length > 1
        ? sel.runOn(
            k + 1,
            kept.map((i) => queries[i]!),
          )
        : Promise.resolve(undefined),
    ),
  );
  const used = variantAnswers.filter((a) => a !== undefined);
  const perSample = answers.map((a, i) => {
    const at = kept.indexOf(i);
    return at < 0 ? undefined : [a, ...used.map((v) => v[at])];
  });
  const groups = groupSqlSamples(rule, goldSql, perSample);
  const records: SampleRecord[] = queries.map((code, i) => ({
    code,
    passed: verdicts[i]!.passed ? 1 : 0,
    total: 1,
    ok: verdicts[i]!.passed,
  }));
  groups.forEach((g, gi) => g.forEach((m) => (records[m]!.group = gi)));
  const names = sel.variants.filter((_, k) => variantAnswers[k] !== undefined);
  const top = groups[0];
  const chosen = top ? top[0]! : mostPromising(answers);
  const selection: Selection = {
    samples: records,
    groups: groups.map((g) => g.length),
    chosenSize: top?.length ?? 0,
    chosen,
    inputs: names.length,
    databases: names,
    why: top
      ? chosenWhy(sel.strategy, queries.length, groups, kept.length > 1 ? names.length : 0, chosen)
      : `None of the ${plural(queries.length, 'sample')} matched the expected rows on the task's database; sample ${chosen + 1} came closest and is repaired next.`,
  };
  return { selection, gold, answers, verdicts };
}

function chosenWhy(
  strategy: SqlSelectStrategy,
  drawn: number,
  groups: readonly number[][],
  variants: number,
  chosen: number,
): string {
  const kept = groups.reduce((n, g) => n + g.length, 0);
  const on =
    variants > 0
      ? `answer alike on the task's database and ${plural(variants, 'variant')} of it`
      : 'could not be told apart (no variant of the database to try)';
  const codet = strategy === 'codet' ? ' (CodeT on SQL agrees by result rows: a query has no tests to write)' : '';
  return `${kept} of ${plural(drawn, 'sample')} matched the expected rows on the task's database; ${groups[0]!.length} of them ${on}, in ${plural(groups.length, 'group')}: sample ${chosen + 1} is taken from the largest${codet}.`;
}
