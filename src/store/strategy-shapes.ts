// The checks for what the strategies add to sessions and attempts: the session's strategy
// settings, a reflexion diagnosis, a selection round's samples and groups, a run's trace, and
// the tag and figures of a session run in a comparison. Besides each field's type, the indexes a
// selection holds must point inside its own lists, or the page would show a sample that is not there.
import { STRATEGY_NAMES } from '../shared/strategy.ts';
import { bool, check, int, list, nonEmpty, num, object, oneOf, optional, str } from './validate.ts';

const positive = int.refine((v, report) => v === 0 && report('should be a whole number from 1 up, found 0'));

export const strategySettings = object({
  name: oneOf(...STRATEGY_NAMES),
  samples: optional(positive),
  trace: optional(bool),
});

const sampleRecord = object({
  code: optional(str),
  passed: int,
  total: int,
  ok: bool,
  group: optional(int),
  passes: optional(list(int)),
});

const selectionFields = object({
  samples: list(sampleRecord),
  groups: list(positive),
  chosenSize: int,
  chosen: int,
  inputs: optional(int),
  programInputs: optional(
    object({
      public: int,
      derived: int,
      proposed: int,
      dropped: list(object({ reason: str, count: positive })),
      note: optional(str),
    }),
  ),
  tests: optional(list(str)),
  suspect: optional(list(object({ source: str, outputs: list(str) }))),
  why: str,
});

/** `what` is the singular noun: "sample", "group", "generated test". */
function within(index: number, size: number, what: string): string | undefined {
  if (index < size) return undefined;
  const count = size === 1 ? `is 1 ${what}` : `are ${size} ${what}s`;
  return `is ${index} but there ${count}`;
}

export const selectionShape = selectionFields.refine((s, report) => {
  const say = (problem: string | undefined, ...at: (string | number)[]): void => {
    if (problem) report(problem, at);
  };
  if (s.samples.length === 0) report('should hold at least one sample', ['samples']);
  else say(within(s.chosen, s.samples.length, 'sample'), 'chosen');
  if (s.chosenSize > 0 && !s.groups.includes(s.chosenSize))
    report(`is ${s.chosenSize} but no group has that size`, ['chosenSize']);
  const tests = s.tests?.length ?? 0;
  s.samples.forEach((sample, i) => {
    if (sample.group !== undefined) say(within(sample.group, s.groups.length, 'group'), 'samples', i, 'group');
    sample.passes?.forEach((t, j) => say(within(t, tests, 'generated test'), 'samples', i, 'passes', j));
  });
});

/** Throws a FieldError naming every problem of a selection round. */
export const selection = (value: unknown, path: string): void => void check(selectionShape, value, path);

const locals = list(list(str).refine((pair, report) => pair.length !== 2 && report('should be a [name, value] pair')));

export const runTrace = object({
  test: str,
  steps: list(
    object({
      line: int,
      event: oneOf('call', 'line', 'return', 'exception'),
      function: str,
      locals,
      value: optional(str),
      hits: optional(int),
      last: optional(locals),
    }),
  ),
  omitted: int,
  stopped: optional(str),
});

export const compareTag = object({ id: nonEmpty, side: int, plan: optional(list(strategySettings)) });

export const runFigures = object({
  modelCalls: int,
  samples: int,
  elapsedMs: num,
  usage: object({ inputTokens: num, outputTokens: num, estimated: optional(bool) }),
});
