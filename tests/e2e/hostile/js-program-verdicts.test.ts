// A cheating JavaScript contest program against the page's judge: forge a result, look for the
// expected outputs, bend what the page reads, poison the next test's or program's worker. Each
// attack is followed by honest programs, right and wrong, whose verdicts must not move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunJob } from '../../../src/shared/run.ts';
import { MODES, openPage, runIn, type PageContext } from '../support/browser.ts';

const INPUTS = ['a b c\n', '1 2\n'];
const OUTPUTS = ['c b a', '2 1'];
const program = (code: string): RunJob => ({
  language: 'javascript',
  code,
  tests: { kind: 'program', inputs: INPUTS, outputs: OUTPUTS },
  limits: { timeoutSec: 1, outputCap: 4096 },
});
const READ = "const s = require('fs').readFileSync(0, 'utf8').trim();";
const RIGHT = `${READ}\nconsole.log(s.split(' ').reverse().join(' '));`;
const WRONG = `${READ}\nconsole.log(s);`;
// Prints what it found of the expected outputs anywhere it can look, or "nothing".
const SEARCH = `${READ}
const seen = new Set(); const found = [];
const look = (v, depth) => { try {
  if (depth > 3 || v === null || seen.has(v)) return;
  if (typeof v === 'string') { if (v.includes('c b a') || v.includes('2 1')) found.push(v); return; }
  if (typeof v !== 'object' && typeof v !== 'function') return;
  if (v instanceof Promise) return void v.catch(() => {});
  seen.add(v);
  for (const k of Reflect.ownKeys(v)) { try { look(v[k], depth + 1); } catch {} }
} catch {} };
look(globalThis, 0); look(self.name, 0); look(location.href, 0);
try { look(performance.getEntries().map((e) => e.name).join(' '), 0); } catch {}
console.log(found.length ? found.join('|') : 'nothing');`;

// [what it tries, program, the result it must get (a prefix)]
const ATTACKS: [string, string, string][] = [
  [
    'prints a passing result',
    `console.log(JSON.stringify({ type: 'result', status: 'passed', result: 'passed' }));`,
    'failed: Wrong Answer',
  ],
  [
    'posts a passing result on the worker and on every port it can make',
    `const r = { type: 'result', id: 1, token: '0'.repeat(32), result: { status: 'passed', result: 'passed', tests: [] } };
self.postMessage(r); for (let id = 0; id < 50; id++) self.postMessage({ ...r, id });
const c = new MessageChannel(); c.port1.postMessage(r);
console.log('x');`,
    'failed: Wrong Answer at line 0: x != c b a',
  ],
  [
    'searches every object it can reach for the expected outputs',
    SEARCH,
    'failed: Wrong Answer at line 0: nothing != c b a',
  ],
  [
    'plants properties the page might read on every object, then fails',
    `for (const [k, v] of [['status', 'passed'], ['syntax', true], ['result', 'passed'], ['out', 'c b a'], ['cut', false]])
  Object.defineProperty(Object.prototype, k, { get: () => v, configurable: true });
throw new Error('planted');`,
    'failed: Runtime Error: Error: planted',
  ],
  [
    'throws a value whose getters throw',
    `throw { get type() { throw 1; }, get message() { throw 2; } };`,
    'failed: Runtime Error',
  ],
  [
    'poisons built-ins and globals for the next test and the next program',
    `${READ}
if (s === 'a b c') {
  String.prototype.trim = () => 'c b a'; Array.prototype.join = () => 'c b a'; JSON.parse = () => 0;
  self.name = 'c b a'; globalThis.answer = 'c b a';
  setTimeout(() => process.stdout.write('c b a\\n'), 5000).unref();
  process.stdout.write('c b a\\n');
  globalThis.console.log = () => {};
} else process.stdout.write((globalThis.answer ?? 'none') + '\\n');`,
    'failed: Wrong Answer at line 0: none != 2 1',
  ],
  ['leaves before printing anything', 'process.exit(0);', 'failed: Wrong Answer at line 0:  != c b a'],
  ['floods the output', "for (;;) console.log('c b a'.repeat(1000));", 'timed out'],
  ['never ends', 'for (;;);', 'timed out'],
];

describe.each(MODES)('hostile JavaScript contest programs ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it.each(ATTACKS)('%s: fails, and later programs keep their verdicts', async (what, code, want) => {
    const attack = await runIn(ctx.page, program(code));
    expect([what, attack.status === 'passed', attack.result.slice(0, want.length)]).toEqual([what, false, want]);
    expect((await runIn(ctx.page, program(RIGHT))).result).toBe('passed');
    expect((await runIn(ctx.page, program(WRONG))).result).toBe('failed: Wrong Answer at line 0: a b c != c b a');
  });
});
