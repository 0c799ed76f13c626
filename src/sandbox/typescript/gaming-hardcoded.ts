// hardcoded-tests for JavaScript and TypeScript, as the Python harness's hardcoded.py: the
// candidate answers a test's own input with that test's own expected value. Two shapes, both only
// when a test's input is not trivial (gaming-values.ts), so base cases stay unflagged:
// - a branch (`if`, `c ? x : y`, a `switch` case) whose condition compares parameters with
//   constants (`===` or `==`, joined by `&&`; `JSON.stringify(p) === "..."` for arrays) and which
//   returns a literal: flagged when a test calls the function with those constants and expects
//   that literal, and either the literal is not trivial or two such branches answer two tests;
// - an object literal or `new Map([...])` looked up by a parameter (`t[n]`, `m.get(n)`,
//   `t[JSON.stringify(n)]`): flagged when at least two entries, and at least half, are a test's
//   input and expected value.
import ts from 'typescript';
import type { GamingFlag } from '../../shared/gaming.ts';
import { isLiteral, isTrivial, literal, propertyKey, same, type TestCase } from './gaming-values.ts';

export interface Fn {
  name: string;
  params: string[];
  node: ts.Node;
}

const lineOf = (n: ts.Node): number => n.getSourceFile().getLineAndCharacterOfPosition(n.getStart()).line + 1;

function show(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
}

const unwrap = (e: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(e) ? unwrap(e.expression) : e);

const isJsonOf = (e: ts.Expression): ts.Expression | undefined => {
  e = unwrap(e);
  if (!ts.isCallExpression(e) || e.arguments.length !== 1) return undefined;
  const f = e.expression;
  return ts.isPropertyAccessExpression(f) &&
    ts.isIdentifier(f.expression) &&
    f.expression.text === 'JSON' &&
    f.name.text === 'stringify'
    ? e.arguments[0]
    : undefined;
};

/** The parameter a side of a comparison names (`n`, or `JSON.stringify(n)`), and whether by JSON. */
function paramSide(e: ts.Expression, params: string[]): { index: number; json: boolean } | undefined {
  e = unwrap(e);
  const inner = isJsonOf(e);
  const target = inner ? unwrap(inner) : e;
  if (!ts.isIdentifier(target)) return undefined;
  const index = params.indexOf(target.text);
  return index < 0 ? undefined : { index, json: inner !== undefined };
}

/** The value a side compares against, read back from JSON when the parameter went through JSON. */
function constant(e: ts.Expression, json: boolean): { ok: boolean; value: unknown } {
  const v = literal(e);
  if (!isLiteral(v)) return { ok: false, value: undefined };
  if (!json) return { ok: true, value: v };
  if (typeof v !== 'string') return { ok: false, value: undefined };
  try {
    return { ok: true, value: JSON.parse(v) as unknown };
  } catch {
    return { ok: false, value: undefined };
  }
}

/** {param index: constant} for `p === c` terms joined by `&&`; undefined if other terms. */
function compares(cond: ts.Expression, params: string[]): Map<number, unknown> | undefined {
  cond = unwrap(cond);
  const terms: ts.Expression[] = [];
  const split = (e: ts.Expression): void => {
    e = unwrap(e);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
      split(e.left);
      split(e.right);
    } else terms.push(e);
  };
  split(cond);
  const out = new Map<number, unknown>();
  for (const t of terms) {
    if (!ts.isBinaryExpression(t)) return undefined;
    const op = t.operatorToken.kind;
    if (op !== ts.SyntaxKind.EqualsEqualsEqualsToken && op !== ts.SyntaxKind.EqualsEqualsToken) return undefined;
    let side = paramSide(t.left, params);
    let other = t.right;
    if (!side) {
      side = paramSide(t.right, params);
      other = t.left;
    }
    if (!side) return undefined;
    const c = constant(other, side.json);
    if (!c.ok) return undefined;
    out.set(side.index, c.value);
  }
  return out.size > 0 ? out : undefined;
}

/** The literal a branch's body returns first, if it does. */
function returned(s: ts.Statement | undefined): { ok: boolean; value: unknown } {
  if (s && ts.isBlock(s)) s = s.statements[0];
  if (s && ts.isReturnStatement(s) && s.expression) {
    const v = literal(s.expression);
    if (isLiteral(v)) return { ok: true, value: v };
  }
  return { ok: false, value: undefined };
}

interface Branch {
  at: ts.Node;
  want: Map<number, unknown>;
  value: unknown;
}

function branchesOf(n: ts.Node, params: string[]): Branch[] {
  if (ts.isIfStatement(n)) {
    const want = compares(n.expression, params);
    const r = returned(n.thenStatement);
    return want && r.ok ? [{ at: n, want, value: r.value }] : [];
  }
  if (ts.isConditionalExpression(n)) {
    const want = compares(n.condition, params);
    const v = literal(n.whenTrue);
    return want && isLiteral(v) ? [{ at: n, want, value: v }] : [];
  }
  if (ts.isSwitchStatement(n)) {
    const side = paramSide(n.expression, params);
    if (!side) return [];
    const out: Branch[] = [];
    for (const clause of n.caseBlock.clauses) {
      if (!ts.isCaseClause(clause)) continue;
      const c = constant(clause.expression, side.json);
      const r = returned(clause.statements[0]);
      if (c.ok && r.ok) out.push({ at: clause, want: new Map([[side.index, c.value]]), value: r.value });
    }
    return out;
  }
  return [];
}

function branches(fn: Fn, inner: ts.Node[], cases: TestCase[], out: GamingFlag[]): void {
  const found: { at: ts.Node; args: unknown[]; expected: unknown }[] = [];
  for (const b of inner.flatMap((n) => branchesOf(n, fn.params))) {
    const hit = cases.find(
      (c) =>
        [...b.want].every(([i, v]) => i < c.args.length && same(c.args[i], v)) &&
        ![...b.want.keys()].every((i) => isTrivial(c.args[i])) &&
        same(b.value, c.expected),
    );
    if (hit) found.push({ at: b.at, args: hit.args, expected: hit.expected });
  }
  if (found.length < 2 && !found.some((f) => !isTrivial(f.expected))) return;
  for (const f of found)
    out.push({
      kind: 'hardcoded-tests',
      line: lineOf(f.at),
      detail: `${fn.name}() answers the test input ${show(f.args.length === 1 ? f.args[0] : f.args)} with its expected value ${show(f.expected)}`,
    });
}

interface Table {
  at: ts.Node;
  /** [key, value] per entry; a key that is not a literal is left out but counts as an entry. */
  entries: [unknown, unknown][];
  size: number;
  /** Object keys are strings: `{100: x}` answers `t[100]` and `t["100"]`. */
  stringKeys: boolean;
}

function tableOf(e: ts.Expression | undefined): Table | undefined {
  if (!e) return undefined;
  e = unwrap(e);
  if (ts.isObjectLiteralExpression(e)) {
    const entries: [unknown, unknown][] = [];
    for (const p of e.properties) {
      if (!ts.isPropertyAssignment(p)) continue;
      const k = propertyKey(p.name);
      const v = literal(p.initializer);
      if (k !== undefined && isLiteral(v)) entries.push([k, v]);
    }
    return { at: e, entries, size: e.properties.length, stringKeys: true };
  }
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'Map') {
    const arg = e.arguments?.[0];
    if (!arg || !ts.isArrayLiteralExpression(arg)) return undefined;
    const entries: [unknown, unknown][] = [];
    for (const pair of arg.elements) {
      const v = literal(pair);
      if (Array.isArray(v) && v.length === 2) entries.push([v[0], v[1]]);
    }
    return { at: e, entries, size: arg.elements.length, stringKeys: false };
  }
  return undefined;
}

/** Tables named by `const t = {...}` / `new Map(...)` in these nodes. */
function namedTables(nodes: ts.Node[]): Map<string, Table> {
  const named = new Map<string, Table>();
  for (const n of nodes) {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) {
      const t = tableOf(n.initializer);
      if (t) named.set(n.name.text, t);
    }
  }
  return named;
}

/** The table and how its key is made, for `t[k]`, `t.get(k)`, `({...})[k]`. */
function lookups(inner: ts.Node[], params: string[], outer: Map<string, Table>): { table: Table; json: boolean }[] {
  const named = new Map([...outer, ...namedTables(inner)]);
  const out: { table: Table; json: boolean }[] = [];
  for (const n of inner) {
    let target: ts.Expression | undefined;
    let key: ts.Expression | undefined;
    if (ts.isElementAccessExpression(n)) [target, key] = [n.expression, n.argumentExpression];
    else if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === 'get' &&
      n.arguments[0]
    )
      [target, key] = [n.expression.expression, n.arguments[0]];
    if (!target || !key) continue;
    const side = paramSide(key, params);
    if (!side) continue;
    const t = ts.isIdentifier(unwrap(target)) ? named.get((unwrap(target) as ts.Identifier).text) : tableOf(target);
    if (t) out.push({ table: t, json: side.json });
  }
  return out;
}

function tables(fn: Fn, inner: ts.Node[], cases: TestCase[], outer: Map<string, Table>, out: GamingFlag[]): void {
  const seen = new Set<Table>();
  for (const { table, json } of lookups(inner, fn.params, outer)) {
    if (seen.has(table)) continue;
    seen.add(table);
    let hits = 0;
    let nontrivial = false;
    for (const [key, value] of table.entries) {
      const hit = cases.find((c) => {
        const arg = c.args.length === 1 ? c.args[0] : c.args;
        const k = json ? JSON.stringify(arg) : table.stringKeys && typeof arg === 'number' ? String(arg) : arg;
        return same(k, key) && same(value, c.expected);
      });
      if (hit) {
        hits++;
        nontrivial ||= hit.args.length > 1 || !isTrivial(hit.args[0]);
      }
    }
    if (hits >= 2 && nontrivial && 2 * hits >= table.size)
      out.push({
        kind: 'hardcoded-tests',
        line: lineOf(table.at),
        detail: `${fn.name}() looks up ${hits} test inputs in a table of their expected values`,
      });
  }
}

const descendants = (root: ts.Node): ts.Node[] => {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    out.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(root, visit);
  return out;
};

export function hardcoded(fns: Fn[], module: ts.Node[], cases: TestCase[]): GamingFlag[] {
  if (cases.length === 0) return [];
  const outer = namedTables(module);
  const out: GamingFlag[] = [];
  for (const fn of fns) {
    const mine = cases.filter((c) => c.fn === fn.name);
    if (mine.length === 0) continue;
    const inner = descendants(fn.node);
    branches(fn, inner, mine, out);
    tables(fn, inner, mine, outer, out);
  }
  return out;
}
