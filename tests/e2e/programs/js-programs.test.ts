// JavaScript and TypeScript contest programs in the built page: stdin read each way node gives
// it, one fresh worker per test, and the page's LiveCodeBench comparison and result texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunJob } from '../../../src/shared/run.ts';
import { openPage, runIn, type PageContext } from '../support/browser.ts';
import { runsAlone } from '../support/turns.ts';

// Timed assertions: no other file beside this one.
runsAlone();

// Reverse the words of each test's one line.
const INPUTS = ['a b c\n', '1 2\n', 'x\n'];
const OUTPUTS = ['c b a', '2 1', 'x'];

const program = (code: string, extra: Partial<RunJob> = {}): RunJob => ({
  language: 'javascript',
  code,
  tests: { kind: 'program', inputs: INPUTS, outputs: OUTPUTS },
  limits: { timeoutSec: 2, outputCap: 64 * 1024 },
  ...extra,
});

const READERS: Record<string, string> = {
  "fs.readFileSync(0, 'utf8')":
    "const s = require('fs').readFileSync(0, 'utf8');\nconsole.log(s.trim().split(' ').reverse().join(' '));",
  "fs.readFileSync('/dev/stdin').toString()":
    "const s = require('node:fs').readFileSync('/dev/stdin').toString();\nprocess.stdout.write(s.trim().split(' ').reverse().join(' ') + '\\n');",
  "process.stdin 'data' and 'end'":
    "let s = '';\nprocess.stdin.setEncoding('utf8');\nprocess.stdin.on('data', (c) => (s += c));\nprocess.stdin.on('end', () => console.log(s.trim().split(' ').reverse().join(' ')));",
  "readline 'line' and 'close'":
    "const rl = require('readline').createInterface({ input: process.stdin });\nconst lines = [];\nrl.on('line', (l) => lines.push(l));\nrl.on('close', () => console.log(lines[0].split(' ').reverse().join(' ')));",
  'for await over readline':
    "const rl = require('readline').createInterface({ input: process.stdin, terminal: false });\n(async () => { for await (const l of rl) console.log(l.split(' ').reverse().join(' ')); })();",
  'for await over process.stdin':
    "(async () => { let s = ''; for await (const c of process.stdin) s += c; console.log(String(s).trim().split(' ').reverse().join(' ')); })();",
  "'readable' and read()":
    "let s = '';\nprocess.stdin.on('readable', () => { let c; while ((c = process.stdin.read()) !== null) s += c; });\nprocess.stdin.on('end', () => console.log(s.trim().split(' ').reverse().join(' ')));",
};

describe('JavaScript contest programs', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it.each(Object.keys(READERS))('reads stdin through %s and passes', async (how) => {
    const r = await runIn(ctx.page, program(READERS[how]!));
    expect([r.status, r.result]).toEqual(['passed', 'passed']);
    expect(r.tests.map((t) => t.passed)).toEqual([true, true, true]);
  });

  it('gives LiveCodeBench result texts for wrong answers, runtime errors and syntax errors', async () => {
    const wrong = await runIn(ctx.page, program("console.log(require('fs').readFileSync(0, 'utf8').trim())"));
    expect(wrong.result).toBe('failed: Wrong Answer at line 0: a b c != c b a');
    expect(wrong.tests.at(-1)).toMatchObject({ passed: false, actual: 'a b c\n', expected: 'c b a' });
    // The second test fails: the first passed, and the third never ran.
    const second = await runIn(
      ctx.page,
      program(
        "const s = require('fs').readFileSync(0, 'utf8').trim();\nif (s === '1 2') throw new RangeError('boom');\nconsole.log(s.split(' ').reverse().join(' '));",
      ),
    );
    expect(second.result).toBe('failed: Runtime Error: RangeError: boom');
    expect(second.tests.map((t) => t.passed)).toEqual([true, false]);
    const syntax = await runIn(ctx.page, program('console.log((1 + );'));
    expect(syntax.result).toMatch(/^failed: Compile Error: SyntaxError: /);
    // Numbers compare as Decimals, lines are stripped: "2.0  " equals "2".
    const decimals = await runIn(
      ctx.page,
      program(
        "const s = require('fs').readFileSync(0, 'utf8').trim();\nconsole.log(s === '1 2' ? '2.0   1.00  ' : s.split(' ').reverse().join(' '));",
      ),
    );
    expect(decimals.result).toBe('passed');
  });

  it('counts the output before process.exit(0) and fails a non-zero exit code', async () => {
    const exit0 = await runIn(
      ctx.page,
      program(
        "console.log(require('fs').readFileSync(0, 'utf8').trim().split(' ').reverse().join(' '));\nprocess.exit(0);\nconsole.log('never');",
      ),
    );
    expect(exit0.result).toBe('passed');
    const exit1 = await runIn(ctx.page, program('process.exit(3)'));
    expect(exit1.result).toBe('failed: Runtime Error: ProcessExit: process.exit(3) called');
    const code = await runIn(ctx.page, program("console.log('c b a'); process.exitCode = 2;"));
    expect(code.result).toBe('failed: Runtime Error: ProcessExit: process.exitCode = 2');
  });

  it('times a test out at its own limit, and the next program runs at once', async () => {
    const slow = await runIn(
      ctx.page,
      program(
        "const s = require('fs').readFileSync(0, 'utf8').trim();\nif (s === 'x') for (;;);\nconsole.log(s.split(' ').reverse().join(' '));",
        {
          limits: { timeoutSec: 1, outputCap: 4096 },
        },
      ),
    );
    expect([slow.status, slow.result, slow.runningTest]).toEqual(['timed out', 'timed out', 'test 3']);
    const started = Date.now();
    const next = await runIn(ctx.page, program(READERS["fs.readFileSync(0, 'utf8')"]!));
    expect(next.result).toBe('passed');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('runs TypeScript programs after their type check, which fails as a compile error', async () => {
    const ts = await runIn(
      ctx.page,
      program(
        "const words: string[] = require('fs').readFileSync(0, 'utf8').trim().split(' ');\nprocess.stdout.write(words.reverse().join(' ') + '\\n');",
        { language: 'typescript' },
      ),
    );
    expect(ts.result).toBe('passed');
    const bad = await runIn(ctx.page, program('const n: number = "x";\nconsole.log(n);', { language: 'typescript' }));
    expect(bad.result).toMatch(/^failed: Compile Error: CompileError: main\.ts:1:7 TS2322/);
  });
});
