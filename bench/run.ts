// npm run bench: prints a table and writes bench-results.json.
import { writeFileSync } from 'node:fs';
import { measureGrading } from './grading-bench.ts';
import { measureJs } from './js-bench.ts';
import { measureLoopOverhead } from './loop-overhead.ts';
import { measureRuntime } from './page-bench.ts';

const log = (s: string): void => void process.stderr.write(`${s}\n`);
const ms = (x: number): string => `${x.toFixed(1)} ms`;

const rows: [string, string, string][] = [];
const results: Record<string, unknown> = { date: new Date().toISOString() };

for (const isolated of [true, false]) {
  log(`runtime, ${isolated ? 'isolated' : 'not isolated'}…`);
  const f = await measureRuntime(isolated, log);
  results[isolated ? 'runtimeIsolated' : 'runtimeNotIsolated'] = f;
  const tag = f.isolated ? 'isolated' : 'not isolated';
  rows.push(
    [`cold start to first result, new browser profile (${tag})`, ms(f.coldStartMs), '-'],
    [`start to first result, returning visit (${tag})`, ms(f.returnStartMs), '-'],
    [`warm trivial run, median of 50 (${tag})`, ms(f.warmMedianMs), '<= 20 ms'],
    [`1 s limit to verdict (${tag})`, `${ms(f.timeoutVerdictMs)} (${f.timeoutStatus})`, '<= 1200 ms'],
    [`next result after the time limit (${tag})`, ms(f.nextAfterTimeoutMs), f.isolated ? '<= 50 ms' : '<= 300 ms'],
  );
}

log('grading 164 HumanEval canonical solutions…');
const g = measureGrading();
results.grading = g;
rows.push(
  [`eval: 164 canonical solutions (${g.evalPassed} passed), whole command`, `${g.evalSeconds.toFixed(1)} s`, '-'],
  ['  of which grading, after start-up', `${g.evalGradingSeconds.toFixed(1)} s`, '-'],
);
if (g.nativeSeconds !== undefined) {
  rows.push(
    [
      `native reference harness, a forked process each (${g.nativePassed} passed)`,
      `${g.nativeSeconds.toFixed(1)} s`,
      '-',
    ],
    [
      `native python3, a new process per check program (${g.nativeSpawnPassed} passed)`,
      `${g.nativeSpawnSeconds?.toFixed(1)} s`,
      '-',
    ],
    ['eval / reference harness, whole command', (g.evalSeconds / g.nativeSeconds).toFixed(2), '<= 1.00'],
    [
      'eval / new python3 per program, whole command',
      (g.evalSeconds / (g.nativeSpawnSeconds ?? NaN)).toFixed(2),
      '<= 1.00',
    ],
    ['eval grading after start-up / reference harness', (g.evalGradingSeconds / g.nativeSeconds).toFixed(2), '-'],
    ['verdicts equal to native', `${g.agree}/${g.samples}`, `${g.samples}/${g.samples}`],
  );
}

log('JavaScript…');
const js = await measureJs(log);
results.javascript = js;
rows.push(
  ['JavaScript: cold start to first result, new page (isolated)', ms(js.coldStartMs), '-'],
  ['JavaScript: warm trivial run, median of 50', ms(js.warmMedianMs), '<= 20 ms'],
  ['JavaScript: 1 s limit to verdict', ms(js.timeoutVerdictMs), '<= 1200 ms'],
  ['JavaScript: next result after the time limit', ms(js.nextAfterTimeoutMs), '<= 50 ms'],
  [`JavaScript eval: ${js.samples} MultiPL-E samples, whole command`, `${js.evalSeconds.toFixed(1)} s`, '-'],
);
if (js.nodeSeconds !== undefined)
  rows.push(
    ['native node, a new process per program', `${js.nodeSeconds.toFixed(1)} s`, '-'],
    ['JavaScript eval / native node, whole command', (js.evalSeconds / js.nodeSeconds).toFixed(2), '<= 1.00'],
    ['JavaScript verdicts equal to node', `${js.agree}/${js.samples}`, `${js.samples}/${js.samples}`],
  );

log('loop overhead…');
const loop = await measureLoopOverhead();
results.loop = loop;
rows.push([`loop overhead per iteration (${loop.iterations} iterations)`, ms(loop.perIterationMs), '<= 50 ms']);

const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length)), 10];
const line = (r: string[]): string => `| ${r.map((c, i) => c.padEnd(w[i]!)).join(' | ')} |`;
console.log(line(['measure', 'value', 'goal']));
console.log(`|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
writeFileSync('bench-results.json', `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench-results.json');
