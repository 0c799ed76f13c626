// What JavaScript and TypeScript tests call with and expect, read from their syntax, for the
// static test-gaming checks (gaming.ts): `assert.deepEqual(f(<literals>), <literal>)` and its
// siblings, `console.assert(f(...) === <literal>)`, `expect(f(...)).toBe(<literal>)`, either way
// round. Only literal values count; a test that computes its input or expectation is left out.
import ts from 'typescript';

export interface TestCase {
  fn: string;
  args: unknown[];
  expected: unknown;
}

const NOT = Symbol('not a literal');

/** The value of a literal expression (numbers, strings, booleans, null, arrays, plain objects), or NOT. */
export function literal(node: ts.Expression): unknown {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
    return literal(node.expression);
  if (ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node)) return literal(node.expression);
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isIdentifier(node) && node.text === 'undefined') return undefined;
  if (ts.isPrefixUnaryExpression(node) && ts.isNumericLiteral(node.operand)) {
    if (node.operator === ts.SyntaxKind.MinusToken) return -Number(node.operand.text);
    if (node.operator === ts.SyntaxKind.PlusToken) return Number(node.operand.text);
  }
  if (ts.isArrayLiteralExpression(node)) {
    const out: unknown[] = [];
    for (const e of node.elements) {
      const v = ts.isSpreadElement(e) || ts.isOmittedExpression(e) ? NOT : literal(e);
      if (v === NOT) return NOT;
      out.push(v);
    }
    return out;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const p of node.properties) {
      if (!ts.isPropertyAssignment(p)) return NOT;
      const key = propertyKey(p.name);
      const v = literal(p.initializer);
      if (key === undefined || v === NOT) return NOT;
      out[key] = v;
    }
    return out;
  }
  return NOT;
}

export const isLiteral = (v: unknown): boolean => v !== NOT;

/** A property name as the object's own key (`{100: x}` is keyed by "100"). */
export function propertyKey(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isNumericLiteral(name)) return String(Number(name.text));
  return undefined;
}

/** One text per value, types kept apart: 1 and "1" differ, [1, 2] and [1, 2] are the same. */
function valueKey(v: unknown): string {
  if (v === undefined) return 'u';
  if (typeof v === 'number') return `n${Object.is(v, -0) ? 0 : v}`;
  if (typeof v === 'string') return `s${JSON.stringify(v)}`;
  if (typeof v === 'boolean' || v === null) return `b${String(v)}`;
  if (Array.isArray(v)) return `[${v.map(valueKey).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${valueKey(o[k])}`)
    .join(',')}}`;
}

export const same = (a: unknown, b: unknown): boolean => valueKey(a) === valueKey(b);

/**
 * Values any solution may name for its own reasons: base cases (numbers from -10 to 10),
 * one-character strings, booleans, null and undefined, containers of at most one item.
 */
export function isTrivial(v: unknown): boolean {
  if (v === null || v === undefined || typeof v === 'boolean') return true;
  if (typeof v === 'number') return v >= -10 && v <= 10;
  if (typeof v === 'string') return v.length <= 1;
  if (Array.isArray(v)) return v.length <= 1;
  return Object.keys(v).length <= 1;
}

const ASSERT_EQUAL = new Set(['equal', 'strictEqual', 'deepEqual', 'deepStrictEqual']);
const EXPECT_EQUAL = new Set(['toBe', 'toEqual', 'toStrictEqual']);
const EQUALS = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken]);

function unwrap(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return e;
}

/** (call, other) pairs an equality assertion compares: either way round. */
function compared(call: ts.CallExpression): [ts.Expression, ts.Expression] | undefined {
  const callee = call.expression;
  const args = call.arguments;
  if (ts.isPropertyAccessExpression(callee)) {
    const obj = callee.expression;
    const method = callee.name.text;
    if (ts.isIdentifier(obj) && obj.text === 'assert' && ASSERT_EQUAL.has(method) && args.length >= 2)
      return [args[0]!, args[1]!];
    if (ts.isIdentifier(obj) && (obj.text === 'console' || obj.text === 'assert') && method === 'assert')
      return args[0] ? equality(args[0]) : undefined;
    if (method === 'ok' && ts.isIdentifier(obj) && obj.text === 'assert')
      return args[0] ? equality(args[0]) : undefined;
    if (EXPECT_EQUAL.has(method) && ts.isCallExpression(obj) && args.length >= 1) {
      const e = obj.expression;
      if (ts.isIdentifier(e) && e.text === 'expect' && obj.arguments[0]) return [obj.arguments[0], args[0]!];
    }
    return undefined;
  }
  if (ts.isIdentifier(callee) && callee.text === 'assert' && args[0]) return equality(args[0]);
  return undefined;
}

function equality(e: ts.Expression): [ts.Expression, ts.Expression] | undefined {
  const b = unwrap(e);
  return ts.isBinaryExpression(b) && EQUALS.has(b.operatorToken.kind) ? [b.left, b.right] : undefined;
}

/** `JSON.stringify(x)`'s x: tests compare arrays that way (`===` would compare identities). */
function jsonOf(e: ts.Expression): ts.Expression | undefined {
  const c = unwrap(e);
  if (!ts.isCallExpression(c) || c.arguments.length !== 1 || !ts.isPropertyAccessExpression(c.expression))
    return undefined;
  const f = c.expression;
  return ts.isIdentifier(f.expression) && f.expression.text === 'JSON' && f.name.text === 'stringify'
    ? c.arguments[0]
    : undefined;
}

function caseOf(pair: [ts.Expression, ts.Expression], alias: Map<string, string>): TestCase | undefined {
  const [l, r] = [jsonOf(pair[0]), jsonOf(pair[1])];
  if (l && r) pair = [l, r];
  for (const [a, b] of [pair, [pair[1], pair[0]] as const]) {
    const call = unwrap(a);
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
    const args = call.arguments.map((x) => (ts.isSpreadElement(x) ? NOT : literal(x)));
    if (args.some((x) => x === NOT)) return undefined;
    const expected = literal(b);
    if (expected === NOT) continue;
    const name = call.expression.text;
    return { fn: alias.get(name) ?? name, args, expected };
  }
  return undefined;
}

/** A case can only be flagged when one of its inputs is not trivial (gaming.ts). */
const keeps = (c: TestCase): boolean => c.args.length > 1 || c.args.some((a) => !isTrivial(a));

export function parse(source: string, typescript: boolean): ts.SourceFile {
  return ts.createSourceFile(
    typescript ? 'main.ts' : 'main.js',
    source,
    ts.ScriptTarget.ESNext,
    true,
    typescript ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
}

/** Every literal equality assertion in the tests that has an input that is not trivial. */
export function testCases(tests: ts.SourceFile): TestCase[] {
  // MultiPL-E's `let candidate = add;`: the tests call the function under another name.
  const alias = new Map<string, string>();
  const calls: ts.CallExpression[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.isIdentifier(n.initializer))
      alias.set(n.name.text, n.initializer.text);
    if (ts.isCallExpression(n)) calls.push(n);
    ts.forEachChild(n, visit);
  };
  visit(tests);
  const out: TestCase[] = [];
  for (const c of calls) {
    const pair = compared(c);
    const found = pair && caseOf(pair, alias);
    if (found && keeps(found)) out.push(found);
  }
  return out;
}

/** Names the tests declare at their top level (MultiPL-E's `test`, a helper of the tests' own). */
export function testNames(tests: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const s of tests.statements) {
    if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name) names.add(s.name.text);
    else if (ts.isVariableStatement(s))
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
  }
  return names;
}
