// One action's code, rewritten as a REPL runs it (Chrome's console, Node's REPL): top-level
// const, let, var, function and class declarations become properties of the worker's global
// scope, so the next action sees them and may declare them again; the code runs in an async
// function, so `await` works at the top level; the last expression statement is returned as the
// action's value. Every line stays on its line, so stack lines are the action's own lines. It runs
// on the page, whose built-ins no action can patch, and loads with the first action.
import { parse, type Node, type Pattern, type Program, type Statement } from 'acorn';

/** The action function's parameter (the worker's global object, where declarations are kept); see the worker. */
const SCOPE = '__fixpointScope';

export type Transformed = { ok: true; body: string; names: string[] } | { ok: false; error: string };

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The names a declaration pattern binds (`{a, b: [c, ...d]}` binds a, c and d). */
function boundNames(p: Pattern, out: string[]): void {
  switch (p.type) {
    case 'Identifier':
      out.push(p.name);
      break;
    case 'ObjectPattern':
      for (const prop of p.properties) boundNames(prop.type === 'RestElement' ? prop.argument : prop.value, out);
      break;
    case 'ArrayPattern':
      for (const el of p.elements) if (el) boundNames(el, out);
      break;
    case 'AssignmentPattern':
      boundNames(p.left, out);
      break;
    case 'RestElement':
      boundNames(p.argument, out);
      break;
    case 'MemberExpression':
      break;
  }
}

const newlines = (s: string): number => s.split('\n').length - 1;

/** Keeps the line count of the replaced text: the lines after it stay where they were. */
function edit(code: string, start: number, end: number, text: string): Edit {
  const missing = newlines(code.slice(start, end)) - newlines(text);
  return { start, end, text: missing > 0 ? text + '\n'.repeat(missing) : text };
}

function declarationEdits(code: string, s: Statement, names: string[], edits: Edit[]): void {
  const src = (n: Node): string => code.slice(n.start, n.end);
  if (s.type === 'VariableDeclaration') {
    const parts: string[] = [];
    for (const d of s.declarations) {
      const bound: string[] = [];
      boundNames(d.id, bound);
      names.push(...bound);
      if (d.init) parts.push(`(${src(d.id)} = ${src(d.init)})`);
      // `let x;` starts over as undefined, as a fresh declaration would; `var x;` keeps the value.
      else if (s.kind !== 'var') parts.push(...bound.map((n) => `(${n} = undefined)`));
    }
    edits.push(edit(code, s.start, s.end, parts.length ? `;${parts.join(', ')};` : ';'));
  } else if (s.type === 'ClassDeclaration' && s.id) {
    names.push(s.id.name);
    edits.push({ start: s.start, end: s.start, text: `${s.id.name} = ` });
    edits.push({ start: s.end, end: s.end, text: ';' });
  } else if (s.type === 'FunctionDeclaration' && s.id) {
    // Kept a declaration (hoisted, as it is in a script); published at the top of the action.
    names.push(s.id.name);
  }
}

function syntaxError(name: string, code: string, line: number, column: number, message: string): string {
  const text = code.split('\n')[line - 1] ?? '';
  return `${name}:${line}\n${text}\n${' '.repeat(column)}^\n\nSyntaxError: ${message}`;
}

/** `name`: the action's script name (`action-3.js`), which its stack lines and syntax errors show. */
export function replTransform(code: string, name: string): Transformed {
  let program: Program;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowAwaitOutsideFunction: true });
  } catch (err) {
    const e = err as SyntaxError & { loc?: { line: number; column: number } };
    const message = e.message.replace(/ \(\d+:\d+\)$/, '');
    const hint = /'import' and 'export'/.test(message)
      ? " (actions are scripts: use require('node:fs') for files; there are no other modules)"
      : '';
    return { ok: false, error: syntaxError(name, code, e.loc?.line ?? 1, e.loc?.column ?? 0, message + hint) };
  }
  const names: string[] = [];
  const functions: string[] = [];
  const edits: Edit[] = [];
  const body = program.body;
  for (const s of body) {
    if (s.type === 'FunctionDeclaration' && s.id) functions.push(s.id.name);
    declarationEdits(code, s as Statement, names, edits);
  }
  const last = body.at(-1);
  if (last?.type === 'ExpressionStatement') {
    // The statement's own range: a parenthesised expression's node starts inside the parentheses.
    const end = code[last.end - 1] === ';' ? last.end - 1 : last.end;
    edits.push({ start: last.start, end: last.start, text: 'return (' });
    edits.push({ start: end, end, text: ')' });
  }
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  const publish = functions.map((f) => `${SCOPE}[${JSON.stringify(f)}] = ${f};`).join(' ');
  return { ok: true, body: publish + out, names: [...new Set(names)] };
}
