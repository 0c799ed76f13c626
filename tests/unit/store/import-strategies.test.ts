// What the strategies add to history (the session's strategy, reflexion's diagnoses, a selection
// round's samples and groups, a trace, a comparison's tag and figures) goes out in an export and
// comes back unchanged, and a file where any of it is malformed is refused, saying where.
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_FORMAT, parseHistoryFile } from '../../../src/store/history-file.ts';
import { StoreError } from '../../../src/store/errors.ts';
import type { Selection } from '../../../src/shared/selection.ts';
import type { Attempt, Session } from '../../../src/shared/session.ts';
import { closeAll, freshSite, makeAttempt, makeResult, makeSession, openTab } from './helpers.ts';

afterEach(closeAll);

const bestOfN = (): Selection => ({
  samples: [
    { code: 'def add(a, b):\n    return a - b\n', passed: 0, total: 1, ok: false },
    { code: 'def add(a, b):\n    return a + b\n', passed: 1, total: 1, ok: true, group: 0 },
    { code: 'def add(a, b):\n    return b + a\n', passed: 1, total: 1, ok: true, group: 0 },
    { passed: 0, total: 0, ok: false },
  ],
  groups: [2],
  chosenSize: 2,
  chosen: 1,
  inputs: 12,
  why: '2 of 4 samples passed the visible tests; 2 of them behave alike on 12 inputs, in 1 group: sample 2 is taken from the largest.',
});

const codet = (): Selection => ({
  samples: [
    { code: 'def add(a, b):\n    return a + b\n', passed: 1, total: 1, ok: true, group: 0, passes: [0] },
    { code: 'def add(a, b):\n    return a + b + 0\n', passed: 1, total: 1, ok: true, group: 0, passes: [0] },
    { code: 'def add(a, b):\n    return 3\n', passed: 1, total: 1, ok: true, group: 1, passes: [1] },
  ],
  groups: [2, 1],
  chosenSize: 2,
  chosen: 0,
  tests: ['assert add(2, 2) == 4', 'assert add(1, 1) == 3'],
  suspect: [{ source: 'assert add(1, 1) == 3', outputs: ['2', '2'] }],
  why: '3 of 3 samples passed the visible tests; 2 samples agree on 1 of 2 generated tests (score 2): sample 1 is taken.',
});

function entry(id: string, strategy: Session['settings']['strategy'], attempts: (a: string) => Attempt[]) {
  const session = makeSession({ id, title: `Session ${id}`, status: 'done', endReason: 'passed' });
  if (strategy) session.settings.strategy = strategy;
  return { session, attempts: attempts(id) };
}

const traced = makeResult({
  trace: {
    test: 'test_1',
    steps: [
      {
        line: 1,
        event: 'call',
        function: 'add',
        locals: [
          ['a', '1'],
          ['b', '2'],
        ],
      },
      {
        line: 2,
        event: 'line',
        function: 'add',
        locals: [
          ['a', '1'],
          ['b', '2'],
        ],
        hits: 3,
        last: [['a', '1']],
      },
      { line: 2, event: 'return', function: 'add', locals: [], value: '-1' },
    ],
    omitted: 4,
    stopped: 'time',
  },
});

const entries = () => [
  entry('best', { name: 'best-of-n', samples: 4 }, (id) => [
    makeAttempt(id, 0, { selection: bestOfN(), passed: true }),
  ]),
  entry('codet', { name: 'codet', samples: 3, trace: true }, (id) => [makeAttempt(id, 0, { selection: codet() })]),
  entry('reflect', { name: 'reflexion', trace: true }, (id) => [
    makeAttempt(id, 0, { result: traced }),
    makeAttempt(id, 1, { reflection: 'add subtracts: use + instead.' }),
  ]),
];

function file(sessions: unknown[]): string {
  return JSON.stringify({ format: HISTORY_FORMAT, version: 1, exportedAt: '2025-01-01T00:00:00.000Z', sessions });
}

function importError(text: string): string {
  try {
    parseHistoryFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    return (error as StoreError).message;
  }
  throw new Error('the file was accepted');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed file is broken on purpose at any depth
type Raw = Record<string, any>;

/** One entry from entries() with `change` applied to its JSON form, as a file. */
function broken(which: number, change: (e: { session: Raw; attempts: Raw[] }) => void) {
  const all = JSON.parse(JSON.stringify(entries())) as Parameters<typeof change>[0][];
  change(all[which]!);
  return file(all);
}

describe('strategies in an exported history', () => {
  it('round-trips selections, suspect tests, reflections, traces, strategies and comparisons unchanged', async () => {
    const store = await openTab(freshSite());
    const all = entries();
    all[0]!.session.compare = { id: 'cmp-1', side: 1, plan: [{ name: 'repair' }, { name: 'best-of-n', samples: 4 }] };
    all[0]!.session.figures = {
      modelCalls: 4,
      samples: 4,
      elapsedMs: 1234,
      usage: { inputTokens: 90, outputTokens: 40 },
    };
    for (const { session, attempts } of all) {
      await store.createSession(session);
      for (const a of attempts) await store.saveAttempt(a);
      await store.finishSession(session.id, 'passed');
    }
    const text = await store.exportHistory();

    const other = await openTab(freshSite());
    expect((await other.importHistory(text)).imported.sort()).toEqual(['best', 'codet', 'reflect']);
    for (const { session } of all) {
      expect(await other.getSession(session.id)).toEqual(await store.getSession(session.id));
      expect(await other.getAttempts(session.id)).toEqual(await store.getAttempts(session.id));
    }
    const codetBack = (await other.getAttempts('codet'))[0]!.selection!;
    expect(codetBack.suspect).toEqual([{ source: 'assert add(1, 1) == 3', outputs: ['2', '2'] }]);
    expect((await other.getAttempts('reflect'))[1]!.reflection).toBe('add subtracts: use + instead.');
    expect((await other.getAttempts('reflect'))[0]!.result!.trace!.steps).toHaveLength(3);
    expect((await other.getSession('best'))?.settings.strategy).toEqual({ name: 'best-of-n', samples: 4 });
    // Exported again, the file says the same.
    expect(JSON.parse(await other.exportHistory()).sessions).toEqual(JSON.parse(text).sessions);
  });

  it('names the session and field of a malformed strategy', () => {
    expect(importError(broken(0, (e) => (e.session.settings.strategy.name = 'beam-search')))).toBe(
      'Session 1 "Session best" (sessions[0].session.settings.strategy.name): should be one of "repair", "reflexion", "best-of-n", "codet", found "beam-search". Nothing was imported.',
    );
    expect(importError(broken(1, (e) => (e.session.settings.strategy.samples = 0)))).toMatch(
      /\(sessions\[1\]\.session\.settings\.strategy\.samples\): should be a whole number from 1 up, found 0/,
    );
    expect(importError(broken(1, (e) => (e.session.settings.strategy.trace = 'yes')))).toMatch(
      /settings\.strategy\.trace\): should be true or false, found a string/,
    );
    expect(importError(broken(0, (e) => delete e.session.settings.strategy.name))).toMatch(
      /settings\.strategy\.name\): is missing/,
    );
  });

  it('names the attempt and field of a malformed reflection or trace', () => {
    expect(importError(broken(2, (e) => (e.attempts[1]!.reflection = ['use +'])))).toBe(
      'Session 3 "Session reflect" (sessions[2].attempts[1].reflection): should be a string, found a list. Nothing was imported.',
    );
    expect(importError(broken(2, (e) => (e.attempts[0]!.result.trace.steps[1].event = 'jump')))).toMatch(
      /attempts\[0\]\.result\.trace\.steps\[1\]\.event\): should be one of "call", "line", "return", "exception", found "jump"/,
    );
    expect(importError(broken(2, (e) => (e.attempts[0]!.result.trace.steps[0].locals[0] = ['a'])))).toMatch(
      /trace\.steps\[0\]\.locals\[0\]\): should be a \[name, value\] pair/,
    );
  });

  it('names the attempt and field of a malformed selection', () => {
    const cases: [number, (e: { attempts: Raw[] }) => void, RegExp][] = [
      [0, (e) => delete e.attempts[0]!.selection.why, /attempts\[0\]\.selection\.why\): is missing/],
      [0, (e) => (e.attempts[0]!.selection.samples = {}), /selection\.samples\): should be a list, found a object/],
      [
        0,
        (e) => (e.attempts[0]!.selection.samples[2].ok = 1),
        /selection\.samples\[2\]\.ok\): should be true or false/,
      ],
      [0, (e) => (e.attempts[0]!.selection.samples = []), /selection\.samples\): should hold at least one sample/],
      [0, (e) => (e.attempts[0]!.selection.chosen = 4), /selection\.chosen\): is 4 but there are 4 samples/],
      [0, (e) => (e.attempts[0]!.selection.chosen = -1), /selection\.chosen\): should be a whole number >= 0/],
      [0, (e) => (e.attempts[0]!.selection.chosenSize = 3), /selection\.chosenSize\): is 3 but no group has that size/],
      [
        0,
        (e) => (e.attempts[0]!.selection.samples[1].group = 1),
        /selection\.samples\[1\]\.group\): is 1 but there is 1 group/,
      ],
      [
        0,
        (e) => (e.attempts[0]!.selection.groups = [2, 0]),
        /selection\.groups\[1\]\): should be a whole number from 1 up/,
      ],
      [0, (e) => (e.attempts[0]!.selection.inputs = 'many'), /selection\.inputs\): should be a whole number >= 0/],
      [1, (e) => (e.attempts[0]!.selection.tests = 'assert True'), /selection\.tests\): should be a list/],
      [
        1,
        (e) => (e.attempts[0]!.selection.samples[2].passes = [2]),
        /samples\[2\]\.passes\[0\]\): is 2 but there are 2 generated tests/,
      ],
      [
        1,
        (e) => (e.attempts[0]!.selection.suspect[0].outputs = '2'),
        /selection\.suspect\[0\]\.outputs\): should be a list/,
      ],
      [1, (e) => delete e.attempts[0]!.selection.suspect[0].source, /selection\.suspect\[0\]\.source\): is missing/],
    ];
    for (const [which, change, message] of cases) {
      const text = importError(broken(which, change));
      expect(text).toMatch(
        new RegExp(`^Session ${which + 1} "Session \\w+" \\(sessions\\[${which}\\]\\.attempts\\[0\\]`),
      );
      expect(text).toMatch(message);
      expect(text).toMatch(/Nothing was imported\.$/);
    }
  });

  it('names a malformed comparison tag or figures', () => {
    expect(importError(broken(0, (e) => (e.session.compare = { id: '', side: 0 })))).toMatch(
      /session\.compare\.id\): should be a non-empty string/,
    );
    expect(
      importError(broken(0, (e) => (e.session.compare = { id: 'c', side: 0, plan: [{ name: 'greedy' }] }))),
    ).toMatch(/session\.compare\.plan\[0\]\.name\): should be one of "repair"/);
    expect(importError(broken(0, (e) => (e.session.figures = { modelCalls: 2, samples: 2, elapsedMs: 5 })))).toMatch(
      /session\.figures\.usage\): is missing/,
    );
  });

  it('takes sessions in JavaScript and TypeScript back too', () => {
    const js = entry('js', { name: 'repair' }, (id) => [makeAttempt(id, 0)]);
    js.session.task.language = 'javascript';
    expect(parseHistoryFile(file([js]))[0]!.session.task.language).toBe('javascript');
  });
});
