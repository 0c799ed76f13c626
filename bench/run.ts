// npm run bench: prints a table and writes bench-results.json. Everything is measured in this one
// run, so the ratios compare figures taken under the same conditions.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureAgentJs } from './agent-js-bench.ts';
import { bareStart, type BareStart } from './bare-pyodide.ts';
import { measureAgent } from './agent-bench.ts';
import { measureBenchView } from './benchmark-view-bench.ts';
import { measureFirstPaint } from './first-paint-bench.ts';
import { measureGaming } from './gaming-bench.ts';
import { measureGamingJs } from './gaming-js-bench.ts';
import { measureGrading } from './grading-bench.ts';
import { FIXTURE_SET, measurePrograms, type ProgramFigures, type ProgramSet } from './programs-bench.ts';
import { STDIN_20, writeProgramSet } from './program-set.ts';
import { measureLocalModel } from './local-model-bench.ts';
import { measureJs } from './js-bench.ts';
import { measureSql } from './sql-bench.ts';
import { measureSqlSelect } from './sql-select-bench.ts';
import { measureLoopOverhead } from './loop-overhead.ts';
import { median, medianStart } from './median.ts';
import { measureRuntime, RETURN_VISITS, type RuntimeFigures } from './page-bench.ts';
import { measureScaling } from './scaling-bench.ts';
import { scratchStart } from './scratch-start.ts';
import { measureSelection } from './selection-bench.ts';
import { typeCheckRows } from './typecheck-bench.ts';
import { measureWeb } from './web-bench.ts';

const log = (s: string): void => void process.stderr.write(`${s}\n`);
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const s = (x: number): string => `${(x / 1000).toFixed(2)} s`;
const ratio = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '-');

const rows: [string, string, string][] = [];
const results: Record<string, unknown> = { date: new Date().toISOString() };
// `npm run bench -- javascript typescript`: only those sections (all of them without names).
const SECTIONS = [
  'python',
  'first-paint',
  'grading',
  'programs',
  'gaming',
  'typescript',
  'javascript',
  'loop',
  'selection',
  'benchmark-view',
  'local-model',
  'sql',
  'sql-select',
  'web',
  'agent-js',
  'agent',
];
const only = process.argv.slice(2);
for (const name of only)
  if (!SECTIONS.includes(name)) throw new Error(`no bench section "${name}"; the sections: ${SECTIONS.join(', ')}`);
const want = (name: string): boolean => only.length === 0 || only.includes(name);

let profileDir = '';
if (want('python')) {
  // The anchor is taken before each start of the runtime's (the cold one and each returning
  // visit), and each start is compared with the anchor beside it: one start of bare Pyodide varies
  // by a quarter from run to run, and this machine's speed drifts by a fifth over minutes.
  const bareStarts: BareStart[] = [];
  const sampleBare = async (): Promise<number> => {
    log(`bare Pyodide, new profile (${bareStarts.length + 1})…`);
    const b = await bareStart();
    bareStarts.push(b);
    return b.ms;
  };

  log('cold start without the built snapshot…');
  const scratch = await scratchStart();
  results.scratchStart = scratch;

  const runtimes: RuntimeFigures[] = [];
  for (const isolated of [true, false]) {
    log(`runtime, ${isolated ? 'isolated' : 'not isolated'}…`);
    const f = await measureRuntime(isolated, log, sampleBare);
    results[isolated ? 'runtimeIsolated' : 'runtimeNotIsolated'] = f;
    if (isolated) profileDir = f.profileDir;
    runtimes.push(f);
  }

  const b = medianStart(bareStarts);
  const bare = b.ms;
  results.bareStartMs = bare;
  results.bareStart = b;
  results.bareStarts = bareStarts;
  rows.push(
    [
      `bare Pyodide (loadPyodide in a worker), navigation to first result, new profile, median of ${bareStarts.length}`,
      ms(bare),
      '-',
    ],
    ['    page load and worker start', ms(b.workerStartedMs), '-'],
    ['    loadPyodide: files fetched, wasm compiled, stdlib loaded', ms(b.loadedMs - b.workerStartedMs), '-'],
    ['    first run', ms(bare - b.loadedMs), '-'],
    ['  each start', bareStarts.map((x) => s(x.ms)).join(', '), '-'],
    ['cold start without the built snapshot (Python from scratch), new profile, isolated', ms(scratch.ms), '-'],
    ['  / bare Pyodide', ratio(scratch.ms / bare), '-'],
  );
  for (const f of runtimes) {
    const tag = f.isolated ? 'isolated' : 'not isolated';
    const parts = (list: [string, number][]): [string, string, string][] =>
      list.map(([label, v]) => [`    ${label}`, ms(v), '-']);
    rows.push(
      [`cold start, navigation to first result, new profile (${tag})`, ms(f.coldStartMs), '-'],
      [`  / bare Pyodide (the start just before it)`, ratio(f.coldRatio), '<= 1.00'],
      ...parts(f.coldParts),
      [`returning visit, navigation to first result, median of ${RETURN_VISITS} (${tag})`, ms(f.returnStartMs), '-'],
      [
        `  / bare Pyodide (each visit over the start just before it, median of ${RETURN_VISITS})`,
        ratio(median(f.returnRatios)),
        '<= 0.25',
      ],
      ['    each visit', f.returnRatios.map(ratio).join(', '), '-'],
      ...parts(f.returnParts),
      [`warm trivial run, median of 50 (${tag})`, ms(f.warmMedianMs), '<= 20 ms'],
      [`1 s limit to verdict (${tag})`, `${ms(f.timeoutVerdictMs)} (${f.timeoutStatus})`, '<= 1200 ms'],
      [`next result after the time limit (${tag})`, ms(f.nextAfterTimeoutMs), f.isolated ? '<= 50 ms' : '<= 300 ms'],
      [`next result after a run that reached JavaScript (${tag})`, ms(f.nextAfterBridgeMs), '-'],
    );
  }
}

if (want('first-paint')) {
  log('first paint…');
  const paint = await measureFirstPaint(log);
  results.firstPaint = paint;
  rows.push(
    ['time to interactive (task panel usable), new profile', ms(paint.newProfileMs), '-'],
    ['time to interactive, returning visit', ms(paint.returningMs), '-'],
  );
}

if (want('python')) {
  log('memory, throughput, Pyodide against native…');
  const sc = await measureScaling(profileDir, log);
  results.scaling = sc;
  if (sc.perInterpreterBytes !== undefined)
    rows.push([
      'memory per interpreter (PSS, idle, booted from the snapshot)',
      `${(sc.perInterpreterBytes / 2 ** 20).toFixed(0)} MB`,
      '-',
    ]);
  for (const n of [1, 2, 4])
    rows.push([
      `throughput, ${n} sandbox${n > 1 ? 'es' : ''} (164 canonical solutions)`,
      `${sc.throughput[n]!.toFixed(1)} /s`,
      '-',
    ]);
  rows.push(['fixed pure-Python workload in Pyodide', `${sc.pyodideWorkloadSeconds.toFixed(3)} s`, '-']);
  if (sc.nativeWorkloadSeconds !== undefined)
    rows.push(
      ['  in native python3', `${sc.nativeWorkloadSeconds.toFixed(3)} s`, '-'],
      ['  Pyodide / native slowdown', ratio(sc.pyodideWorkloadSeconds / sc.nativeWorkloadSeconds), '-'],
    );
}

if (want('programs')) {
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-program-set-'));
  const withTimeouts = join(dir, 'samples.jsonl');
  const quick = join(dir, 'quick.jsonl');
  writeProgramSet(withTimeouts, { timeouts: true });
  writeProgramSet(quick, { timeouts: false });
  const sets: [string, ProgramSet][] = [
    ['the small LiveCodeBench set', FIXTURE_SET],
    ['the larger stdin set', { rows: STDIN_20, samples: withTimeouts }],
    ['the larger stdin set without its time-outs', { rows: STDIN_20, samples: quick }],
  ];
  const programs: Record<string, ProgramFigures> = {};
  for (const [name, set] of sets) {
    log(`grading ${name}…`);
    const g = await measurePrograms(set);
    programs[name] = g;
    const t = g.timings;
    const p = t.phasesMs;
    const agree = g.agree === undefined ? '' : `, ${g.agree}/${g.samples} as the native judge`;
    rows.push(
      [
        `eval on ${name}, default flags: ${g.samples} samples (${g.timeouts} time out at 6 s, ${g.passed} pass${agree}), ${g.workers} sandboxes`,
        s(g.seconds * 1000),
        '-',
      ],
      ['  the time-outs alone (time-outs × 6 s ÷ sandboxes)', s(g.timeoutFloorSeconds * 1000), '-'],
      ['  node, tsx and Playwright start', ms(t.nodeStartMs), '-'],
      ['  browser launch and page load', ms((p['browser launch'] ?? NaN) + (p['page load'] ?? NaN)), '-'],
      ['  Python start', ms(p['python start'] ?? NaN), '-'],
      ['  grading', ms(p.grading ?? NaN), '-'],
      ['    per sample: run itself (mean)', ms(t.runPerJobMs), '-'],
      ['    per sample: overhead around the run (mean, page side)', ms(t.pageOverheadPerJobMs), '-'],
    );
    if (g.native)
      rows.push(
        [
          `LiveCodeBench's own evaluator, native (LCB_DIR; ${g.native.passed} pass, ${g.native.agree}/${g.samples} as eval)`,
          s(g.native.seconds * 1000),
          '-',
        ],
        ['eval (default flags) / LiveCodeBench native', ratio(g.seconds / g.native.seconds), '<= 0.50'],
      );
  }
  results.programs = programs;
}

if (want('grading')) {
  log('grading the mixed candidate set…');
  const g = measureGrading();
  results.grading = g;
  const t = g.timings;
  const p = t.phasesMs;
  rows.push(
    [
      `eval, default flags: ${g.samples} mixed candidates (${g.timeouts} run into the 3 s limit, ${g.evalPassed} pass)`,
      s(g.evalSeconds * 1000),
      '-',
    ],
    ['  node, tsx and Playwright start', ms(t.nodeStartMs), '-'],
    ['  build check', ms(p['build check'] ?? NaN), '-'],
    ['  browser launch (and local server)', ms(p['browser launch'] ?? NaN), '-'],
    ['  page load', ms(p['page load'] ?? NaN), '-'],
    ['  Python start: assets, snapshot restore, all sandboxes', ms(p['python start'] ?? NaN), '-'],
    ['  grading', ms(p.grading ?? NaN), '-'],
    ['    per candidate: run itself (mean)', ms(t.runPerJobMs), '-'],
    ['    per candidate: overhead around the run (mean, page side)', ms(t.pageOverheadPerJobMs), '-'],
    ['  writing results', ms(p['writing results'] ?? NaN), '-'],
    ['  closing (snapshot stored, browser closed)', ms(p.closing ?? NaN), '-'],
  );
  if (g.nativeSeconds !== undefined) {
    rows.push(
      [
        `native reference harness, fork per candidate, ${g.nativeWorkers} workers (${g.nativePassed} pass)`,
        s(g.nativeSeconds * 1000),
        '-',
      ],
      ['eval (default flags) / native reference harness', ratio(g.evalSeconds / g.nativeSeconds), '<= 0.60'],
      ['verdicts equal to native', `${g.agree}/${g.samples}`, `${g.samples}/${g.samples}`],
    );
  }
}

if (want('typescript')) {
  rows.push(...(await typeCheckRows(results, log)));
}

if (want('web')) {
  log('Web pages…');
  const web = await measureWeb(log);
  results.web = web;
  rows.push(
    [`Web page: render and checks of a small page, median of 21`, ms(web.renderMedianMs), '<= 150 ms'],
    ['Web page: the picture, added to that, median of 21', ms(web.pictureMedianMs), '<= 300 ms'],
    ['Web page: a looping page, 1 s limit to verdict', ms(web.loopVerdictMs), '-'],
    ['Web page: the next page after it', ms(web.nextAfterLoopMs), '-'],
  );
}

if (want('javascript')) {
  log('JavaScript…');
  const js = await measureJs(log);
  results.javascript = js;
  rows.push(
    ['JavaScript: cold start to first result, new page (isolated)', ms(js.coldStartMs), '-'],
    ['JavaScript: warm trivial run, median of 50', ms(js.warmMedianMs), '<= 20 ms'],
    ['JavaScript: 1 s limit to verdict', ms(js.timeoutVerdictMs), '<= 1200 ms'],
    ['JavaScript: next result after the time limit', ms(js.nextAfterTimeoutMs), '<= 50 ms'],
    [`JavaScript eval: ${js.samples} MultiPL-E samples, whole command`, `${js.evalSeconds.toFixed(1)} s`, '-'],
    ['  node, tsx and Playwright start', ms(js.timings.nodeStartMs), '-'],
    ...Object.entries(js.timings.phasesMs).map(([name, v]): [string, string, string] => [`  ${name}`, ms(v), '-']),
    ['    per sample: overhead around the run (mean, page side)', ms(js.timings.pageOverheadPerJobMs), '-'],
  );
  if (js.nodeSeconds !== undefined)
    rows.push(
      ['native node, a new process per program', `${js.nodeSeconds.toFixed(1)} s`, '-'],
      ['JavaScript eval / native node, whole command', (js.evalSeconds / js.nodeSeconds).toFixed(2), '<= 1.00'],
      ['JavaScript verdicts equal to node', `${js.agree}/${js.samples}`, `${js.samples}/${js.samples}`],
    );
}

if (want('sql')) {
  log('SQL…');
  const q = await measureSql(log);
  results.sql = q;
  rows.push(
    ['SQL: SQLite start to first answer, in the sandbox (isolated)', ms(q.startMs), '-'],
    ['SQL: per candidate, fresh copy + query, engine side, median of 200', ms(q.engineMedianMs), '<= 10 ms'],
    ['SQL: per candidate, engine side, worst of 200', ms(q.engineWorstMs), '-'],
    ['SQL: per candidate, page to answer, median of 200', ms(q.pageMedianMs), '<= 10 ms'],
    ['SQL: per candidate, page to answer, worst of 200', ms(q.pageWorstMs), '-'],
    [`SQL eval: ${q.samples} BIRD-layout samples, whole command`, `${q.evalSeconds.toFixed(1)} s`, '-'],
    ['SQL: Postgres start to first answer (PGlite, database built from its script)', ms(q.pg.startMs), '-'],
    [`SQL: Postgres per candidate, query only, median of ${q.pg.runs}`, ms(q.pg.engineMedianMs), '-'],
    [`SQL: Postgres per candidate, query only, worst of ${q.pg.runs}`, ms(q.pg.engineWorstMs), '-'],
    [
      `SQL: Postgres per candidate, page to answer (rollback and reset included), median of ${q.pg.runs}`,
      ms(q.pg.pageMedianMs),
      '<= 10 ms',
    ],
    [`SQL: Postgres per candidate, page to answer, worst of ${q.pg.runs}`, ms(q.pg.pageWorstMs), '-'],
    ['SQL: Postgres next answer after a query past its limit (fresh copy in the spare)', ms(q.pg.afterTimeoutMs), '-'],
  );
  if (q.nativeSeconds !== undefined)
    rows.push(
      ["BIRD's rule under native Python sqlite3, a copy per sample", `${q.nativeSeconds.toFixed(1)} s`, '-'],
      ['SQL verdicts equal to native', `${q.agree}/${q.samples}`, `${q.samples}/${q.samples}`],
    );
}

if (want('sql-select')) {
  log('SQL selection…');
  const q = await measureSqlSelect(log);
  results.sqlSelect = q;
  const what = `${q.samples} queries × ${q.databases} databases (the shop and its variants)`;
  rows.push(
    [`SQL best-of-n selection, ${what}, first (variants built)`, ms(q.firstMs), '-'],
    [`SQL best-of-n selection, ${what}, median of 20 after`, ms(q.medianMs), '<= 100 ms'],
    [`SQL best-of-n selection, worst of 20 after`, ms(q.worstMs), '-'],
  );
}

if (want('agent-js')) {
  log('JavaScript agent session…');
  const a = await measureAgentJs(log);
  results.agentJs = a;
  const kb = (b: number): string => `${(b / 1024).toFixed(0)} KB`;
  rows.push(
    ['agent JS: one action after start, page to observation, median of 200', ms(a.actionMedianMs), '<= 20 ms'],
    ['agent JS: one action, worst of 200', ms(a.actionWorstMs), '-'],
    [
      'agent JS: worker heap growth over 200 actions keeping state',
      kb(a.heapAfterBytes - a.heapBeforeBytes),
      `~ state (${kb(a.stateBytes)})`,
    ],
    [
      `agent JS: time-out (${a.limitMs} ms limit) to the next action's observation, median`,
      ms(a.timeoutToNextMedianMs),
      '-',
    ],
  );
}

if (want('agent')) {
  const mib = (b: number): string => `${(b / 2 ** 20).toFixed(1)} MiB`;
  for (const isolated of [true, false]) {
    const how = isolated ? 'isolated' : 'not isolated';
    log(`agent interpreter, ${how}…`);
    const a = await measureAgent(isolated, log);
    results[isolated ? 'agentIsolated' : 'agentNotIsolated'] = a;
    rows.push(
      [`agent (Python, ${how}): start to first action`, ms(a.startMs), '-'],
      [`agent (Python, ${how}): one action, page to observation, median of 200`, ms(a.actionMedianMs), '<= 20 ms'],
      [`agent (Python, ${how}): one action, worst of 200`, ms(a.actionWorstMs), '-'],
      [
        `agent (Python, ${how}): wasm memory after 10 / 200 state-keeping actions (state held: ${a.heldBytes} bytes)`,
        `${mib(a.heapAfter10)} / ${mib(a.heapAfter200)}`,
        'no growth',
      ],
      [`agent (Python, ${how}): time-out to the next action's observation, median of 5`, ms(a.timeoutToNextMs), '-'],
    );
  }
}

if (want('loop')) {
  log('loop overhead…');
  const loop = await measureLoopOverhead();
  results.loop = loop;
  rows.push([`loop overhead per iteration (${loop.iterations} iterations)`, ms(loop.perIterationMs), '<= 50 ms']);
}

if (want('selection')) {
  log('selection overhead (best-of-n)…');
  const sel = await measureSelection(log);
  results.selection = sel;
  // A round of N samples is one model call's wait (the N requests go out at once); a sample takes
  // seconds to write, so selection should take well under one.
  for (const n of [5, 10]) {
    const { current: f, mutantsOnly: m, ratio: r } = sel.byN[n]!;
    rows.push(
      [
        `best-of-n selection per task, N=${n} (${f.inputs.toFixed(0)} inputs: edges and mutants; ${sel.tasks} HumanEval tasks): median / max`,
        `${ms(f.medianMs)} / ${ms(f.maxMs)}`,
        '<= 1000 ms',
      ],
      [`  of which deriving inputs and grouping (median)`, ms(f.mutateGroupMedianMs), '-'],
      [
        `  over ${m.inputs.toFixed(0)} mutants only, each task beside it: median / max (per-task ratio, median)`,
        `${ms(m.medianMs)} / ${ms(m.maxMs)} (${ratio(r)}x)`,
        '-',
      ],
    );
  }
}

if (want('benchmark-view')) {
  log('benchmark view…');
  const benchView = await measureBenchView(log);
  results.benchmarkView = benchView;
  for (const f of benchView)
    rows.push(
      [
        `Benchmark view, ${f.tasks} HumanEval tasks, ${f.sandboxes} sandbox(es), local endpoint: overhead per task`,
        ms(f.overheadPerTaskMs),
        '-',
      ],
      [`  longest main-thread task during the run (${f.passed} passed)`, ms(f.longestTaskMs), '<= 200 ms'],
    );
}

if (want('gaming')) {
  log('eval with and without the test-gaming flags…');
  const g = measureGaming();
  results.gaming = g;
  rows.push(
    [
      `eval of ${g.samples} HumanEval samples (canonical + wrong), grading, with flags (median of ${g.rounds})`,
      s(g.withFlagsSeconds * 1000),
      '-',
    ],
    ['  the same without flags (FIXPOINT_NO_FLAGS=1)', s(g.withoutFlagsSeconds * 1000), '-'],
    ['  what the flags add', `${(100 * (g.withFlagsSeconds / g.withoutFlagsSeconds - 1)).toFixed(1)}%`, '<= 5%'],
    ['  canonical solutions flagged', String(g.flagged), '0'],
  );
  log('eval of JavaScript with and without the static test-gaming checks…');
  const j = measureGamingJs();
  results.gamingJs = j;
  rows.push(
    ['JavaScript static checks alone, per HumanEval-X solution (median)', ms(j.checkMedianMs), '-'],
    ['  the slowest of the 164', ms(j.checkMaxMs), '-'],
    [
      `eval of ${j.samples} MultiPL-E JavaScript samples (${j.passed} pass), grading, with flags (median of ${j.rounds})`,
      s(j.withFlagsSeconds * 1000),
      '-',
    ],
    ['  the same without flags (FIXPOINT_NO_FLAGS=1)', s(j.withoutFlagsSeconds * 1000), '-'],
    ['  what the flags add', `${(100 * (j.withFlagsSeconds / j.withoutFlagsSeconds - 1)).toFixed(1)}%`, '<= 5%'],
    ['  samples flagged', String(j.flagged), '0'],
  );
}

if (want('local-model')) {
  for (const threads of [1, 'auto'] as const) {
    log(`in-page model (tiny GGUF), ${threads} thread(s)…`);
    const lm = await measureLocalModel(threads, log);
    results[`localModel_${threads}`] = lm;
    rows.push([
      `in-page GGUF model, tiny test model, ${lm.threads} thread(s): ${lm.tokens} tokens`,
      `${lm.tokensPerSecond.toFixed(1)} tok/s (load ${ms(lm.loadMs)})`,
      '-',
    ]);
  }
}

const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length)), 10];
const line = (r: string[]): string => `| ${r.map((c, i) => c.padEnd(w[i]!)).join(' | ')} |`;
console.log(line(['measure', 'value', 'goal']));
console.log(`|${w.map((n) => '-'.repeat(n + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
writeFileSync('bench-results.json', `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench-results.json');
