// Static test-gaming checks for JavaScript and TypeScript candidates (docs/test-gaming.md), the
// counterpart of the Python harness's gaming.py. They read the candidate's and the tests' syntax
// on the page, where the candidate never runs, so nothing it does can change what they find; the
// JavaScript runtime adds them to the run's own flags (js-runtime.ts).
// - hardcoded-tests: gaming-hardcoded.ts.
// - reads-tests: the call stack (`arguments.callee`, `.caller`, `new Error().stack`, V8's stack
//   hooks), the tests' source (files, the scripts' own addresses, `importScripts`, fetching), the
//   tests' own top-level names, and changes to the harness (`assert`, `console.assert`, `process`,
//   `require`, the test runner's globals).
// - early-exit: `process.exit`, `process.kill`, `process.abort`, `close()` reached whenever
//   their function or the program runs (not under an if, loop, switch, try, `?:` or `&&`).
// - always-equal: `Symbol.toPrimitive` defined, or a built-in the tests compare with changed
//   (`Object.prototype.valueOf`, `Array.prototype.toString`, `Object.is`, `JSON.stringify`, ...).
import ts from 'typescript';
import type { GamingFlag } from '../../shared/gaming.ts';
import { hardcoded, type Fn } from './gaming-hardcoded.ts';
import { parse, testCases, testNames } from './gaming-values.ts';

const lineOf = (n: ts.Node): number => n.getSourceFile().getLineAndCharacterOfPosition(n.getStart()).line + 1;
const flag = (kind: GamingFlag['kind'], detail: string, n: ts.Node): GamingFlag => ({ kind, detail, line: lineOf(n) });

/** Longer programs are left unchecked: parsing them on the page would cost more than it tells. */
const MAX_SOURCE = 200_000;

const HARNESS = new Set(['assert', 'console', 'process', 'require', 'module', 'test', 'describe', 'it']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'global', 'window']);
// Built-ins the tests' comparisons go through: changing them can make a wrong result look right.
const COMPARED = new Set(['Object', 'Array', 'String', 'Number', 'Boolean', 'JSON', 'Symbol', 'Reflect', 'Map', 'Set']);
const DEFINERS = new Set(['defineProperty', 'defineProperties', 'assign', 'setPrototypeOf']);
const STACK_HOOKS = new Set(['prepareStackTrace', 'captureStackTrace', 'stackTraceLimit']);
// Where the tests' source can be read from: files, the scripts' addresses, fetching them again.
const SOURCE_READERS = new Set(['readFileSync', 'readFile', 'getEntries', 'getEntriesByType', 'getEntriesByName']);
const SOURCE_GLOBALS = new Set(['importScripts', 'XMLHttpRequest', 'fetch', 'FileReaderSync', '__filename']);
const FILE_MODULES = new Set(['fs', 'fs/promises', 'child_process', 'module', 'inspector', 'vm', 'worker_threads']);
const EXITS: Record<string, Set<string>> = { process: new Set(['exit', 'kill', 'abort', 'reallyExit']) };

const rootName = (e: ts.Expression): string | undefined => {
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isParenthesizedExpression(e))
    e = e.expression;
  return ts.isIdentifier(e) ? e.text : undefined;
};

const nameOf = (e: ts.Expression): string | undefined =>
  ts.isPropertyAccessExpression(e)
    ? e.name.text
    : ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression)
      ? e.argumentExpression.text
      : undefined;

const dotted = (e: ts.Expression): string => {
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return `${dotted(e.expression)}.${e.name.text}`;
  if (ts.isElementAccessExpression(e)) {
    const k = e.argumentExpression;
    const key = ts.isStringLiteralLike(k) ? JSON.stringify(k.text) : k.pos >= 0 ? k.getText() : '...';
    return `${dotted(e.expression)}[${key}]`;
  }
  return e.pos >= 0 ? e.getText().replace(/\s+/g, '') : '...';
};

function exists(owner: string, prop: string, proto: boolean): boolean {
  const g = (globalThis as Record<string, unknown>)[owner] as Record<string, unknown> | undefined;
  if (!g) return false;
  const target = proto ? (g.prototype as object | undefined) : g;
  return target !== undefined && prop in target;
}

const HARNESS_MODULES = new Set(['assert', 'assert/strict', 'test', 'console', 'process', 'util']);

/** Names bound to a harness module: `const A = require('node:assert')`, `import A from 'assert'`. */
function harnessAliases(nodes: ts.Node[]): Map<string, string> {
  const out = new Map<string, string>();
  const moduleName = (e: ts.Expression | undefined): string | undefined => {
    if (!e || !ts.isCallExpression(e) || !ts.isIdentifier(e.expression) || e.expression.text !== 'require')
      return undefined;
    const a = e.arguments[0];
    const bare = a && ts.isStringLiteralLike(a) ? a.text.replace(/^node:/, '') : undefined;
    return bare && HARNESS_MODULES.has(bare) ? bare : undefined;
  };
  for (const n of nodes) {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) {
      const m = moduleName(n.initializer);
      if (m) out.set(n.name.text, m);
    } else if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && n.importClause) {
      const m = n.moduleSpecifier.text.replace(/^node:/, '');
      if (!HARNESS_MODULES.has(m)) continue;
      const c = n.importClause;
      if (c.name) out.set(c.name.text, m);
      if (c.namedBindings && ts.isNamespaceImport(c.namedBindings)) out.set(c.namedBindings.name.text, m);
    }
  }
  return out;
}

/** What a change to `target` (assigned, deleted or redefined) reaches, as [kind, what]. */
function changed(target: ts.Expression, aliases: Map<string, string>): [GamingFlag['kind'], string] | undefined {
  const root = rootName(target);
  if (root === undefined) return undefined;
  const text = dotted(target);
  if ((HARNESS.has(root) || aliases.has(root)) && !ts.isIdentifier(target)) return ['reads-tests', text];
  if (GLOBAL_OBJECTS.has(root) && (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target))) {
    const prop = nameOf(target);
    if (prop && (HARNESS.has(prop) || COMPARED.has(prop))) return ['reads-tests', text];
  }
  if (!COMPARED.has(root)) return undefined;
  // `Array.prototype.x` / `Object.is` / `Object.prototype[Symbol.toPrimitive]`.
  if (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) {
    const owner = target.expression;
    const prop = nameOf(target);
    const viaProto =
      (ts.isPropertyAccessExpression(owner) && owner.name.text === 'prototype') || dotted(owner).endsWith('.prototype');
    if (viaProto && (prop === undefined || exists(root, prop, true))) return ['always-equal', text];
    if (!viaProto && ts.isIdentifier(owner) && prop !== undefined && exists(root, prop, false))
      return ['always-equal', text];
    if (!viaProto && prop === 'prototype') return ['always-equal', text];
  }
  return undefined;
}

const CHANGE_DETAIL: Record<string, (what: string) => string> = {
  'reads-tests': (w) => `changes ${w}, part of the test harness`,
  'always-equal': (w) =>
    `changes the built-in ${w}, which the tests' comparisons rely on, so a wrong result can compare equal`,
};

function readsAndChanges(nodes: ts.Node[], foreign: Set<string>): GamingFlag[] {
  const out: GamingFlag[] = [];
  const aliases = harnessAliases(nodes);
  const seen = new Set<string>();
  const add = (kind: GamingFlag['kind'], key: string, detail: string, n: ts.Node): void => {
    if (seen.has(kind + key)) return;
    seen.add(kind + key);
    out.push(flag(kind, detail, n));
  };
  const reads = (what: string, n: ts.Node): void =>
    add('reads-tests', what, `uses ${what}, which reaches the tests or the harness`, n);
  const change = (target: ts.Expression, n: ts.Node): void => {
    const c = changed(target, aliases);
    if (c) add(c[0], c[1], CHANGE_DETAIL[c[0]]!(c[1]), n);
  };
  for (const n of nodes) {
    if (ts.isPropertyAccessExpression(n)) {
      const prop = n.name.text;
      const obj = n.expression;
      if (prop === 'caller' || (prop === 'callee' && ts.isIdentifier(obj) && obj.text === 'arguments'))
        reads(dotted(n), n);
      else if (STACK_HOOKS.has(prop) && ts.isIdentifier(obj) && obj.text === 'Error') reads(`Error.${prop}`, n);
      else if (
        prop === 'stack' &&
        (ts.isNewExpression(obj) || ts.isCallExpression(obj)) &&
        rootName(obj.expression) === 'Error'
      )
        reads('the call stack (new Error().stack)', n);
      else if (SOURCE_READERS.has(prop)) reads(dotted(n), n);
      else if (
        (prop === 'main' && ts.isIdentifier(obj) && obj.text === 'require') ||
        (prop === 'parent' && ts.isIdentifier(obj) && obj.text === 'module')
      )
        reads(dotted(n), n);
      else if (prop === 'currentScript') reads(dotted(n), n);
    } else if (ts.isIdentifier(n) && !isDeclarationName(n) && !isPropertyName(n)) {
      if (SOURCE_GLOBALS.has(n.text)) reads(n.text, n);
      else if (foreign.has(n.text)) reads(`the tests' own name ${n.text}`, n);
    } else if (ts.isCallExpression(n)) {
      const f = n.expression;
      const arg = n.arguments[0];
      const isImport = (ts.isIdentifier(f) && f.text === 'require') || f.kind === ts.SyntaxKind.ImportKeyword;
      if (isImport && arg && ts.isStringLiteralLike(arg) && FILE_MODULES.has(arg.text.replace(/^node:/, '')))
        reads(`require("${arg.text}")`, n);
      // Object.defineProperty(assert, ...), Object.assign(Array.prototype, ...), Reflect.set(...)
      if (ts.isPropertyAccessExpression(f) && ts.isIdentifier(f.expression) && arg) {
        const owner = f.expression.text;
        if (
          (owner === 'Object' && DEFINERS.has(f.name.text)) ||
          (owner === 'Reflect' && ['set', 'defineProperty', 'deleteProperty', 'setPrototypeOf'].includes(f.name.text))
        ) {
          const key = n.arguments[1];
          if (key && ts.isStringLiteralLike(key) && ts.isIdentifier(arg))
            change(ts.factory.createPropertyAccessExpression(arg, key.text), n);
          change(arg, n);
        }
      }
    } else if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      if (FILE_MODULES.has(n.moduleSpecifier.text.replace(/^node:/, '')))
        reads(`import "${n.moduleSpecifier.text}"`, n);
    } else if (ts.isBinaryExpression(n) && isAssignment(n.operatorToken.kind)) {
      change(n.left, n);
    } else if (ts.isDeleteExpression(n)) {
      change(n.expression, n);
    } else if (ts.isComputedPropertyName(n) && dotted(n.expression) === 'Symbol.toPrimitive') {
      add(
        'always-equal',
        'toPrimitive',
        'defines Symbol.toPrimitive, so its objects can compare equal (==) to whatever it returns',
        n,
      );
    }
  }
  return out;
}

function changedSafely(fn: () => GamingFlag[]): GamingFlag[] {
  try {
    return fn();
  } catch {
    return [];
  }
}

const isAssignment = (k: ts.SyntaxKind): boolean =>
  k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;

function isDeclarationName(n: ts.Identifier): boolean {
  const p = n.parent;
  return (
    ((ts.isVariableDeclaration(p) ||
      ts.isFunctionDeclaration(p) ||
      ts.isClassDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isFunctionExpression(p) ||
      ts.isBindingElement(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isPropertyDeclaration(p)) &&
      p.name === n) ||
    ts.isImportSpecifier(p) ||
    ts.isImportClause(p) ||
    ts.isNamespaceImport(p)
  );
}

function isPropertyName(n: ts.Identifier): boolean {
  const p = n.parent;
  return (
    (ts.isPropertyAccessExpression(p) && p.name === n) ||
    (ts.isPropertyAssignment(p) && p.name === n) ||
    (ts.isQualifiedName(p) && p.right === n) ||
    ts.isTypeReferenceNode(p)
  );
}

/** Every name the candidate declares (functions, variables, parameters, classes, imports). */
function declared(nodes: ts.Node[]): Set<string> {
  const names = new Set<string>();
  for (const n of nodes) if (ts.isIdentifier(n) && isDeclarationName(n)) names.add(n.text);
  return names;
}

const BRANCHING = new Set([
  ts.SyntaxKind.IfStatement,
  ts.SyntaxKind.ForStatement,
  ts.SyntaxKind.ForInStatement,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.WhileStatement,
  ts.SyntaxKind.DoStatement,
  ts.SyntaxKind.SwitchStatement,
  ts.SyntaxKind.TryStatement,
  ts.SyntaxKind.ConditionalExpression,
  ts.SyntaxKind.CatchClause,
]);

const isShortCircuit = (n: ts.Node): boolean =>
  ts.isBinaryExpression(n) &&
  [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
    n.operatorToken.kind,
  );

/** Exits reached whenever their scope (the program or a function) runs. */
function exits(source: ts.SourceFile, mine: Set<string>): GamingFlag[] {
  const out: GamingFlag[] = [];
  const visit = (n: ts.Node): void => {
    if (BRANCHING.has(n.kind) || isShortCircuit(n) || n.kind === ts.SyntaxKind.QuestionDotToken) return;
    if (ts.isCallExpression(n) && !n.questionDotToken) {
      const f = n.expression;
      let what: string | undefined;
      if (
        ts.isPropertyAccessExpression(f) &&
        ts.isIdentifier(f.expression) &&
        EXITS[f.expression.text]?.has(f.name.text)
      )
        what = `${f.expression.text}.${f.name.text}()`;
      else if (ts.isIdentifier(f) && f.text === 'close' && !mine.has('close')) what = 'close()';
      else if (ts.isPropertyAccessExpression(f) && f.name.text === 'close' && GLOBAL_OBJECTS.has(rootName(f) ?? ''))
        what = `${dotted(f)}()`;
      if (what) out.push(flag('early-exit', `${what} ends the run before the tests can fail`, n));
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(source, visit);
  return out;
}

/** The functions a test can call by name: declarations and `const f = (...) => ...`. */
function functions(nodes: ts.Node[]): Fn[] {
  const out: Fn[] = [];
  const params = (f: ts.SignatureDeclarationBase): string[] =>
    f.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ''));
  for (const n of nodes) {
    if (ts.isFunctionDeclaration(n) && n.name && n.body) out.push({ name: n.name.text, params: params(n), node: n });
    else if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = n.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        out.push({ name: n.name.text, params: params(init), node: init });
    }
  }
  return out;
}

function allNodes(source: ts.SourceFile): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    out.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(source, visit);
  return out;
}

/**
 * The flags found in a JavaScript or TypeScript candidate, given its tests' source (undefined
 * when it has none); [] when either is too long. Code that does not parse still gets flags for
 * what did parse: the run itself reports the syntax error.
 */
export function jsGamingFlags(code: string, tests: string | undefined, typescript: boolean): GamingFlag[] {
  if (code.length > MAX_SOURCE || (tests?.length ?? 0) > MAX_SOURCE) return [];
  return changedSafely(() => {
    const source = parse(code, typescript);
    const nodes = allNodes(source);
    const testsFile = tests === undefined ? undefined : parse(tests, typescript);
    const cases = testsFile ? testCases(testsFile) : [];
    const mine = declared(nodes);
    const foreign = new Set([...(testsFile ? testNames(testsFile) : [])].filter((n) => !mine.has(n) && n !== 'assert'));
    return [
      ...hardcoded(functions(nodes), nodes, cases),
      ...readsAndChanges(nodes, foreign),
      ...(testsFile ? exits(source, mine) : []),
    ];
  });
}
