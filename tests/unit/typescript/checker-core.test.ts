// The TypeScript checker without its worker: type errors as the model gets them, emit that keeps
// lines, and the two option sets (the loop's strict one, MultiPL-E's grading one).
import { readFile } from 'node:fs/promises';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckerCore } from '../../../src/sandbox/typescript/checker-core.ts';
import { formatTsDiagnostics } from '../../../src/shared/ts-diagnostics.ts';

const libLoader = async (f: string): Promise<string | undefined> =>
  readFile(`node_modules/typescript/lib/${f}`, 'utf8').catch(() => undefined);

let core: CheckerCore;
beforeAll(async () => {
  core = new CheckerCore(libLoader);
  await core.warm(true);
  await core.warm(false);
}, 120_000);

/** Runs emitted JavaScript as a script named main.js; the line of the frame in main.js, or the error. */
function thrownAt(js: string): { line?: number; message: string } {
  try {
    runInNewContext(js, { console }, { filename: 'main.js' });
  } catch (err) {
    const e = err as Error;
    const m = /main\.js:(\d+):\d+/.exec(e.stack ?? '');
    return { line: m ? Number(m[1]) : undefined, message: e.message };
  }
  return { message: 'no error' };
}

describe('type errors as feedback', () => {
  it('reports a type error at the line and column of the code as written, in the form tsc prints', async () => {
    const r = await core.check('const total: number = 1;\nconst label: number = "ten";\n', { strict: true });
    expect(formatTsDiagnostics(r.diagnostics)).toBe(
      "main.ts:2:7 TS2322 Type 'string' is not assignable to type 'number'.",
    );
  });

  it('uses the file name it is given', async () => {
    const r = await core.check('let x: string = 5;', { strict: true, fileName: 'solution.ts' });
    expect(formatTsDiagnostics(r.diagnostics, 'solution.ts')).toMatch(/^solution\.ts:1:5 TS2322 /);
  });

  it('reports syntax errors as diagnostics too', async () => {
    const r = await core.check('let a = 1;\nlet b = (a + 2;\n', { strict: true });
    expect(r.diagnostics.map((d) => [d.line, d.code, d.message])).toEqual([[2, 1005, "')' expected."]]);
  });

  it('passes correct code with no diagnostics', async () => {
    const r = await core.check('export function add(a: number, b: number): number {\n  return a + b;\n}\n', {
      strict: true,
    });
    expect(r.diagnostics).toEqual([]);
  });
});

describe('the loop checks strictly, against the offline runner’s globals', () => {
  it('flags implicit any', async () => {
    const r = await core.check('function twice(x) {\n  return x * 2;\n}\n', { strict: true });
    expect(r.diagnostics.map((d) => d.code)).toEqual([7006]);
  });

  it('knows console, timers, process and node:assert, and not the DOM (code runs in a worker)', async () => {
    const code = [
      "import assert from 'node:assert';",
      'setTimeout(() => console.log(process.argv), 10);',
      'assert.deepStrictEqual([1], [1]);',
      "assert.throws(() => { throw new Error('x'); }, /x/);",
      "document.title = 'x';",
    ].join('\n');
    const r = await core.check(code, { strict: true });
    expect(r.diagnostics.map((d) => [d.line, d.code])).toEqual([[5, 2584]]);
  });

  it('accepts tests written with require() and node:test, as a node tests file is', async () => {
    const code = [
      "const assert = require('node:assert');",
      "import { describe, it } from 'node:test';",
      "describe('sums', () => {",
      "  it('adds', () => {",
      '    assert.ok(1 + 1 === 2);',
      '    assert.strictEqual(1 + 1, 2);',
      '  });',
      '});',
    ].join('\n');
    expect((await core.check(code, { strict: true })).diagnostics).toEqual([]);
  });

  it('lets a MultiPL-E program declare its own test() and require', async () => {
    const code = [
      'function add(a: number, b: number): number {',
      '  return a + b;',
      '}',
      'declare var require: any;',
      "const assert = require('node:assert');",
      'function test() {',
      '  assert.deepEqual(add(1, 2), 3);',
      '}',
      'test();',
    ].join('\n');
    expect((await core.check(code, { strict: true })).diagnostics).toEqual([]);
  });

  it('takes a global the code declares itself instead of the runner’s', async () => {
    const r = await core.check('function setTimeout(x: number) {\n  return x;\n}\nsetTimeout(1);\n', { strict: true });
    expect(r.diagnostics).toEqual([]);
  });

  it('reports a clash with the ES library at the code’s own declaration', async () => {
    const r = await core.check('interface String {\n  length: string;\n}\n', { strict: true });
    expect(r.diagnostics.map((d) => [d.line, d.code])).toContainEqual([1, 2687]);
  });
});

describe('grading compiles as MultiPL-E does (tsc --target esnext, strict off)', () => {
  it('accepts implicit any', async () => {
    const r = await core.check('declare var require: any;\nfunction twice(x) {\n  return x * 2;\n}\n', {
      strict: false,
    });
    expect(r.diagnostics).toEqual([]);
  });

  it('includes the DOM, as tsc does by default: a global named like a DOM one fails', async () => {
    const r = await core.check('declare var require: any;\nconst name = "x";\n', { strict: false });
    expect(r.diagnostics.map((d) => [d.line, d.code])).toEqual([[2, 2451]]);
  });

  it('reports an error tsc finds only inside a lib file at the code’s own declaration', async () => {
    const r = await core.check('function close(x: number) {\n  return x;\n}\n', { strict: false });
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ line: 1, column: 10, code: 2394 });
    expect(r.diagnostics[0]!.message).toContain('lib.dom.d.ts');
  }, 60_000);
});

describe('emit keeps every line on its line', () => {
  it('a throw in emitted code reports the line of the TypeScript source', async () => {
    const code = [
      'enum Color {',
      '  Red,',
      '  Green = 5,',
      '}',
      'interface Point {',
      '  x: number;',
      '  y: number;',
      '}',
      'class Box<T> {',
      '  constructor(private readonly value: T, public label?: string) {}',
      '  get(): T {',
      '    return this.value;',
      '  }',
      '}',
      'type Pair = {',
      '  a: number;',
      '  b: number;',
      '};',
      'const p: Point = { x: 1, y: 2 };',
      'const box = new Box<Pair>({ a: p.x, b: Color.Green });',
      'function fail(n: number): never {',
      '  throw new Error(`failed at ${n}`);',
      '}',
      'fail(box.get().b as number);',
    ].join('\n');
    const r = await core.check(code, { strict: true });
    expect(r.diagnostics).toEqual([]);
    expect(r.js.split('\n')).toHaveLength(code.split('\n').length);
    expect(thrownAt(r.js)).toEqual({ line: 22, message: 'failed at 5' });
  });

  it('emits strict-mode JavaScript, as TypeScript 6 does', async () => {
    const r = await core.check('undeclared = 1;\n', { strict: false });
    expect(thrownAt(r.js).message).toMatch(/undeclared is not defined/);
  });

  it('keeps the values of a namespace (which the line-keeping emit cannot)', async () => {
    const code = 'namespace Shapes {\n  export const sides = 4;\n}\nthrow new Error(String(Shapes.sides));\n';
    const r = await core.check(code, { strict: true });
    expect(r.diagnostics).toEqual([]);
    expect(thrownAt(r.js).message).toBe('4');
  });
});
