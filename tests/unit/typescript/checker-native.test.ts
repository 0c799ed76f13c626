// Grading mode fails exactly the programs that MultiPL-E's `tsc --target esnext FILE` fails, and
// at the same lines. MultiPL-E wrote that command when tsc's strict was off by default; TypeScript
// 6 turns it on, so the comparison (like grading) turns it off explicitly.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckerCore } from '../../../src/sandbox/typescript/checker-core.ts';

const TSC = resolve('node_modules/typescript/bin/tsc');

const PROGRAMS: Record<string, string> = {
  passes:
    'function add(a, b) {\n  return a + b;\n}\ndeclare var require: any;\nconst assert = require("node:assert");\nassert.deepEqual(add(1, 2), 3);\n',
  wrongType: 'function add(a: number, b: number): number {\n  return `${a}${b}`;\n}\n',
  missingName: 'function f(xs: number[]) {\n  return xs.map((x) => x * factor);\n}\n',
  domClash: 'const name = "x";\nconsole.log(name);\n',
  newerLib:
    'const sorted = [3, 1, 2].toSorted();\nconst groups = Object.groupBy(sorted, (x) => (x % 2 ? "odd" : "even"));\nconsole.log(groups);\n',
  syntax: 'function f(a: number {\n  return a;\n}\n',
};

// --skipLibCheck only saves native tsc from checking lib.dom.d.ts on each program (half a minute
// here); errors the code causes inside a lib file are covered in checker-core.test.ts.

/** tsc's errors in the program itself, as `line:code`. */
function nativeErrors(out: string): string[] {
  return [...out.matchAll(/^main\.ts\((\d+),\d+\): error TS(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
}

describe('grading mode against native tsc', () => {
  let dir: string;
  const core = new CheckerCore(async (f) =>
    readFile(`node_modules/typescript/lib/${f}`, 'utf8').catch(() => undefined),
  );
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fixpoint-tsc-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(Object.keys(PROGRAMS))(
    '%s: same verdict and error lines as tsc',
    async (name) => {
      const code = PROGRAMS[name]!;
      const sub = await mkdtemp(join(dir, `${name}-`));
      await writeFile(join(sub, 'main.ts'), code);
      const native = await promisify(execFile)(
        process.execPath,
        [TSC, '--target', 'esnext', '--strict', 'false', '--skipLibCheck', 'main.ts'],
        { cwd: sub },
      ).then(
        () => ({ ok: true, out: '' }),
        (err: { stdout?: string }) => ({ ok: false, out: err.stdout ?? '' }),
      );
      const ours = await core.check(code, { strict: false });
      expect(ours.diagnostics.length === 0).toBe(native.ok);
      expect(ours.diagnostics.map((d) => `${d.line}:${d.code}`)).toEqual(nativeErrors(native.out));
    },
    120_000,
  );
});
