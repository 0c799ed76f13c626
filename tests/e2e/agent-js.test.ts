// The JavaScript agent session in the built page, in real Chromium: state kept across actions as a
// REPL keeps it, top-level await, values, output and its cap, errors trimmed to the action's lines,
// the working directory's files, display(), finalAnswer(), and a time-out that restarts the
// interpreter and says so.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentFile } from '../../src/shared/agent.ts';
import { actJs, openJs } from './support/agent-js.ts';
import { openPage, type PageContext } from './support/browser.ts';

describe('JavaScript agent session', () => {
  let ctx: PageContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await openPage({ isolated: false, path: '?headless' });
    page = ctx.page;
  });
  afterAll(() => ctx?.close());

  it('keeps top-level declarations across actions, redeclares const, and awaits at the top level', async () => {
    const s = await openJs(page);
    expect(
      await actJs(
        page,
        s,
        'const x = 40\nlet y = 1\nfunction add(a, b) { return a + b }\nclass P { hi() { return "hi" } }',
      ),
    ).toMatchObject({ output: '' });
    const o = await actJs(page, s, 'add(x, y) + 1');
    expect(o.value).toBe('42');
    expect(o.error).toBeUndefined();
    expect((await actJs(page, s, 'const x = "again"; x + new P().hi()')).value).toBe("'againhi'");
    expect((await actJs(page, s, 'const {a, b: [c]} = {a: 1, b: [2]};\n[a, c]')).value).toBe('[ 1, 2 ]');
    const waited = await actJs(
      page,
      s,
      'const v = await new Promise((r) => setTimeout(() => r(7), 20))\nconsole.log("got", v)\nv * 6',
    );
    expect(waited).toMatchObject({ output: 'got 7\n', value: '42' });
    expect((await actJs(page, s, 'let undef; undef')).value).toBeUndefined();
    expect((await actJs(page, s, '({k: [1, "a"], m: new Map([[1, 2]])})')).value).toBe(
      "{ k: [ 1, 'a' ], m: Map(1) { 1 => 2 } }",
    );
  });

  it('reports errors with the stack trimmed to the actions, and syntax errors at their line', async () => {
    const s = await openJs(page);
    await actJs(page, s, 'function boom(n) {\n  if (n > 1) throw new RangeError("too big: " + n)\n  return n\n}');
    const o = await actJs(page, s, 'console.log("before")\n\nboom(5)');
    expect(o.output).toBe('before\n');
    expect(o.error).toMatch(/^RangeError: too big: 5\n\s+at boom \(action-1\.js:2:\d+\)\n\s+at .*action-2\.js:3:\d+/);
    expect(o.error).not.toMatch(/blob:|worker|assets/);
    const syn = await actJs(page, s, 'let ok = 1\nconst = 5');
    expect(syn.error).toBe('action-3.js:2\nconst = 5\n      ^\n\nSyntaxError: Unexpected token');
    const imp = await actJs(page, s, 'import fs from "fs"');
    expect(imp.error).toMatch(/SyntaxError: .*use require\('node:fs'\)/);
    const rejected = await actJs(page, s, 'await Promise.reject(new TypeError("nope"))');
    expect(rejected.error).toMatch(/^TypeError: nope/);
    expect((await actJs(page, s, 'throw 5')).error).toBe('Uncaught 5');
    expect((await actJs(page, s, 'require("child_process")')).error).toMatch(/Cannot find module 'child_process'/);
  });

  it('caps output and says so', async () => {
    const s = await openJs(page);
    const o = await actJs(page, s, 'for (let i = 0; i < 10000; i++) console.log("line " + i)\n"done"', 5000, 1000);
    expect(o.outputCut).toBe(true);
    expect(o.output.startsWith('line 0\nline 1\n')).toBe(true);
    expect(o.output.length).toBeLessThan(1300);
    expect(o.output).toMatch(/output truncated/);
    expect(o.value).toBe("'done'");
    const err = await actJs(page, s, 'console.error("to stderr"); console.log("to stdout")');
    expect(err.output).toBe('to stderr\nto stdout\n');
  });

  it("reads the user's files by name and gives back what the code wrote", async () => {
    const files: AgentFile[] = [
      { name: 'sales.csv', size: 23, text: 'region,amount\nnorth,5\nsouth,7\n' },
      { name: 'blob.bin', size: 3, base64: 'AQID' },
    ];
    const s = await openJs(page, files);
    const sum = await actJs(
      page,
      s,
      "const fs = require('node:fs')\nconst rows = fs.readFileSync('sales.csv', 'utf8').trim().split('\\n').slice(1)\nrows.map((r) => +r.split(',')[1]).reduce((a, b) => a + b)",
    );
    expect(sum.value).toBe('12');
    expect((await actJs(page, s, "[...fs.readFileSync('./blob.bin')]")).value).toBe('[ 1, 2, 3 ]');
    expect((await actJs(page, s, "fs.readdirSync('.')")).value).toBe("[ 'blob.bin', 'sales.csv' ]");
    const w = await actJs(
      page,
      s,
      "fs.writeFileSync('out.txt', 'total 12\\n')\nawait require('node:fs/promises').writeFile('bytes.bin', new Uint8Array([255, 0]))\nawait fs.promises.readFile('out.txt', 'utf8')",
    );
    expect(w.value).toBe("'total 12\\n'");
    const missing = await actJs(page, s, "fs.readFileSync('nope.csv', 'utf8')");
    expect(missing.error).toMatch(/^Error: ENOENT: no such file or directory, open 'nope.csv'/);
    expect((await actJs(page, s, "fs.existsSync('out.txt') && !fs.existsSync('nope.csv')")).value).toBe('true');
    const out = await page.evaluate((n) => window.fixpoint.agentJs.files(n), s);
    expect(out.map((f) => f.name).sort()).toEqual(['blob.bin', 'bytes.bin', 'out.txt', 'sales.csv']);
    expect(out.find((f) => f.name === 'out.txt')).toEqual({ name: 'out.txt', size: 9, text: 'total 12\n' });
    expect(out.find((f) => f.name === 'bytes.bin')).toEqual({ name: 'bytes.bin', size: 2, base64: '/wA=' });
  });

  it('display() gives rich output, and finalAnswer() ends the action with its value', async () => {
    const s = await openJs(page);
    const d = await actJs(
      page,
      s,
      "display('plain words')\ndisplay({'text/html': '<b>bold</b>', 'text/plain': 'bold'})\ndisplay({ _repr_svg_() { return '<svg/>' } })\nconsole.log('after')",
    );
    expect(d.rich).toEqual([
      { mime: 'text/plain', data: 'plain words' },
      { mime: 'text/html', data: '<b>bold</b>' },
      { mime: 'image/svg+xml', data: '<svg/>' },
    ]);
    expect(d.output).toBe('after\n');
    const f = await actJs(page, s, 'const answer = 6 * 7\nfinalAnswer(answer)\nconsole.log("never printed")');
    expect(f).toMatchObject({ finalAnswer: '42', output: '' });
    expect(f.error).toBeUndefined();
    expect((await actJs(page, s, 'finalAnswer({total: [1, 2]})')).finalAnswer).toBe('{ total: [ 1, 2 ] }');
    expect((await actJs(page, s, 'answer')).finalAnswer).toBeUndefined();
  });

  it('a time-out restarts the interpreter, says its state was lost, keeps the files, and the next action runs', async () => {
    const s = await openJs(page, [{ name: 'in.txt', size: 2, text: 'hi' }]);
    await actJs(
      page,
      s,
      "const kept = 1\nrequire('node:fs').writeFileSync('made.txt', 'made')\nsetInterval(() => console.log('still here'), 5)",
    );
    const o = await actJs(page, s, 'console.log("spinning")\nwhile (true) {}', 800);
    expect(o).toMatchObject({ timedOut: true, stateLost: true, output: 'spinning\n' });
    expect(o.error).toMatch(/time limit of 0\.8 s.*restarted and its state was lost/s);
    const after = await actJs(
      page,
      s,
      "await new Promise((r) => setTimeout(r, 50));\n[typeof kept, require('node:fs').readdirSync('.')]",
    );
    expect(after.value).toBe("[ 'undefined', [ 'in.txt', 'made.txt' ] ]");
    expect(after.output).toBe('');
    expect(after.stateLost).toBeUndefined();
  });
});
