// The checks for what the strategies add to sessions and attempts: the session's strategy
// settings, a reflexion diagnosis, a selection round's samples and groups, a run's trace, and
// the tag and figures of a session run in a comparison. Besides each field's type, the indexes a
// selection holds must point inside its own lists, or the page would show a sample that is not there.
import { STRATEGY_NAMES } from '../shared/strategy.ts';
import { bool, FieldError, int, list, nonEmpty, num, object, oneOf, optional, str, type Check } from './validate.ts';

const positive: Check = (value, path) => {
  int(value, path);
  if (value === 0) throw new FieldError(path, 'should be a whole number from 1 up, found 0');
};

export const strategySettings: Check = object({
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

interface SelectionLike {
  samples: { group?: number; passes?: number[] }[];
  groups: number[];
  chosen: number;
  chosenSize: number;
  tests?: string[];
}

/** `what` is the singular noun: "sample", "group", "generated test". */
function within(path: string, index: number, size: number, what: string): void {
  if (index < size) return;
  const count = size === 1 ? `is 1 ${what}` : `are ${size} ${what}s`;
  throw new FieldError(path, `is ${index} but there ${count}`);
}

export const selection: Check = (value, path) => {
  selectionFields(value, path);
  const s = value as SelectionLike;
  if (s.samples.length === 0) throw new FieldError(`${path}.samples`, 'should hold at least one sample');
  within(`${path}.chosen`, s.chosen, s.samples.length, 'sample');
  if (s.chosenSize > 0 && !s.groups.includes(s.chosenSize)) {
    throw new FieldError(`${path}.chosenSize`, `is ${s.chosenSize} but no group has that size`);
  }
  const tests = s.tests?.length ?? 0;
  s.samples.forEach((sample, i) => {
    if (sample.group !== undefined) within(`${path}.samples[${i}].group`, sample.group, s.groups.length, 'group');
    sample.passes?.forEach((t, j) => within(`${path}.samples[${i}].passes[${j}]`, t, tests, 'generated test'));
  });
};

const locals = list((value, path) => {
  list(str)(value, path);
  if ((value as unknown[]).length !== 2) throw new FieldError(path, 'should be a [name, value] pair');
});

export const runTrace: Check = object({
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

export const compareTag: Check = object({ id: nonEmpty, side: int, plan: optional(list(strategySettings)) });

export const runFigures: Check = object({
  modelCalls: int,
  samples: int,
  elapsedMs: num,
  usage: object({ inputTokens: num, outputTokens: num, estimated: optional(bool) }),
});
