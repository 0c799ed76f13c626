// Web page exercises in a pack, through the built page in headless Chromium: `pack check` on the
// sample web pack, and `grade` of students' pages, honest, wrong, looping and forging, each test
// graded in a page of its own.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './support/cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PACK = join(ROOT, 'data/packs/intro-web.json');
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-classroom-web-'));
const write = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
type Ex = { id: string; solution: string };
const solution = (id: string): string =>
  (JSON.parse(readFileSync(PACK, 'utf8')) as { exercises: Ex[] }).exercises.find((e) => e.id === id)!.solution;

interface Row {
  student: string;
  exercise: string;
  status: string;
  points: number;
  max_points: number;
  tests: { name: string; status: string; points: number; hidden: boolean; message: string }[];
}

const GREETING_PAGE = (body: string): string =>
  `<input id="person"><button id="greet">Greet</button><p id="out"></p><script>${body}</script>`;

/** Each tries to score what the page does not earn. */
const FORGERS: Record<string, string> = {
  // A report of its own to the page around it, before the real one.
  'posts a passing report to its parent': GREETING_PAGE(
    "parent.postMessage({ type: 'report', checks: [{ name: 'greets by name', passed: true }], errors: [], console: [] }, '*');",
  ),
  // Rewrites whatever goes over any port into a pass.
  'rewrites reports on every port': GREETING_PAGE(
    "const send = MessagePort.prototype.postMessage; MessagePort.prototype.postMessage = function (m, ...r) { if (m && m.type === 'report') { m.checks = m.checks.map((c) => ({ ...c, passed: true })); delete m.failure; } return send.call(this, m, ...r); };",
  ),
  // Makes the paragraph claim the greeting without any click handler.
  'shadows textContent on the paragraph': GREETING_PAGE(
    "Object.defineProperty(document.getElementById('out'), 'textContent', { get: () => 'Hello, Ada!', configurable: true });",
  ),
  // Globals named like the checks' helpers.
  'defines its own assert and test': GREETING_PAGE(
    'window.assert = { strictEqual() {}, ok() {}, deepStrictEqual() {} }; window.test = () => {};',
  ),
};

describe('web page exercises in packs', () => {
  it('pack check: both solutions pass every check, visible and hidden', async () => {
    const r = await cli(['pack', 'check', '--pack', PACK]);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain('ok   exercise "greeting": the solution passes all 2 tests');
    expect(r.stdout).toContain('ok   exercise "price-list": the solution passes all 3 tests');
  });

  it('grade: points for what each page does; loops and forgeries score nothing', async () => {
    const subs = [
      { student: 'ada', exercise: 'greeting', code: solution('greeting') },
      {
        student: 'bo',
        exercise: 'greeting',
        code: GREETING_PAGE(
          "document.getElementById('greet').onclick = () => { out.textContent = `Hello, ${document.getElementById('person').value}!`; };",
        ),
      },
      { student: 'cy', exercise: 'greeting', code: GREETING_PAGE('for (;;) {}') },
      {
        student: 'di',
        exercise: 'price-list',
        code: solution('price-list').replace('text-align: right', 'color: red'),
      },
      ...Object.entries(FORGERS).map(([name, code]) => ({ student: `forger: ${name}`, exercise: 'greeting', code })),
      // After every loop and forgery, an honest page is graded as before.
      { student: 'ed', exercise: 'greeting', code: solution('greeting') },
    ];
    const file = write('subs.jsonl', subs.map((s) => JSON.stringify(s)).join('\n'));
    const r = await cli(['grade', '--pack', PACK, '--submissions', file, '--workers', '4']);
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Row);
    const by = new Map(rows.map((row) => [row.student, row]));
    expect(by.get('ada')).toMatchObject({ status: 'pass', points: 3, max_points: 3 });
    expect(by.get('ed')).toMatchObject({ status: 'pass', points: 3 });
    // Right on the visible test, wrong on the hidden one.
    expect(by.get('bo')).toMatchObject({ status: 'fail', points: 2 });
    expect(by.get('bo')!.tests[1]).toMatchObject({ name: 'greets the world', hidden: true, status: 'fail' });
    expect(by.get('bo')!.tests[1]!.message).toMatch(/'Hello, +!' !== 'Hello, world!'/);
    expect(by.get('cy')).toMatchObject({ status: 'error', points: 0 });
    expect(by.get('cy')!.tests.map((t) => t.message)).toEqual(['timed out after 3 s', 'timed out after 3 s']);
    expect(by.get('di')).toMatchObject({ status: 'fail', points: 3, max_points: 4 });
    expect(by.get('di')!.tests.find((t) => t.name === 'prices right-aligned')).toMatchObject({ status: 'fail' });
    for (const name of Object.keys(FORGERS)) expect(by.get(`forger: ${name}`), name).toMatchObject({ points: 0 });
  });
});
