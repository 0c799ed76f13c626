// What a JavaScript or TypeScript test compares: the first argument of `assert.deepEqual(a, b)`
// and its kin, or the left side of `assert(a === b)`. codet evaluates it on its own, so a test
// the chosen samples all fail can be shown with what they computed instead.
import { balanced, topLevel, topLevelIndexes } from './calls.ts';

/** Calls whose first argument is the value computed and whose second is the one expected. */
const EQUAL_CALL = /^assert\s*\.\s*(?:deepStrictEqual|deepEqual|strictEqual|equal)\s*\(/;
/** Calls that check a condition, such as `a === b`. */
const CONDITION_CALL = /^(?:assert|assert\s*\.\s*ok|console\s*\.\s*assert)\s*\(/;

/** The arguments of the call `head` opens, when that call is the whole statement (a line comment may follow). */
function wholeCallArguments(test: string, head: RegExpExecArray): string[] | undefined {
  const inside = balanced(test, head[0].length);
  if (inside === undefined) return undefined;
  const rest = test.slice(head[0].length + inside.length + 1).trim();
  return /^;?\s*(\/\/.*)?$/.test(rest) ? topLevel(inside) : undefined;
}

/** The left side of a top-level `==` or `===` in `condition`, when it is the only comparison. */
function leftOfEquality(condition: string): string | undefined {
  const joined = topLevelIndexes(condition, (i) => '&|?'.includes(condition[i]!));
  if (joined.length > 0) return undefined;
  const at = topLevelIndexes(condition, (i) => {
    if (condition[i] !== '=' || condition[i + 1] !== '=') return false;
    return !'=!<>'.includes(condition[i - 1] ?? '');
  });
  return at.length === 1 ? condition.slice(0, at[0]) : undefined;
}

/** The expression whose value the test checks, as written; undefined when the test is of another form. */
export function comparedExpression(test: string): string | undefined {
  const t = test.trim();
  const equal = EQUAL_CALL.exec(t);
  const condition = equal ? undefined : CONDITION_CALL.exec(t);
  const head = equal ?? condition;
  const args = head && wholeCallArguments(t, head);
  const first = args?.[0];
  if (first === undefined) return undefined;
  const value = equal ? first : leftOfEquality(first);
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
