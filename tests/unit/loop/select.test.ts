// Selection by execution, piece by piece: reading test arguments, mutating them by type, the
// driver programs that print what a sample does, and grouping and ranking samples.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { callArguments } from '../../../src/loop/behaviour/calls.ts';
import { inputsDriver, readDriverOutput, testsDriver } from '../../../src/loop/behaviour/driver.ts';
import { groupBy, rankByAgreement, suspectTests } from '../../../src/loop/behaviour/group.ts';
import { parseLiteral, toJavaScript, toPython, type Value } from '../../../src/loop/behaviour/literals.ts';
import { deriveInputs, mutate } from '../../../src/loop/behaviour/mutate.ts';
import { seeded } from '../../../src/shared/seeded.ts';
import { splitReply } from '../../../src/loop/behaviour/reply-tests.ts';

const probe = spawnSync('python3', ['-c', 'import sys; sys.exit(sys.version_info < (3, 9))']);
const hasPython = probe.error === undefined && probe.status === 0;
const python = (code: string): string => spawnSync('python3', ['-c', code], { encoding: 'utf8' }).stdout;
const node = (code: string): string => spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' }).stdout;

const py = (args: Value[]): string => args.map(toPython).join(', ');

describe('literals', () => {
  it.each([
    ['42', 'int'],
    ['-3', 'int'],
    ['2.5', 'float'],
    ['1e-6', 'float'],
    ["'it\\'s'", 'str'],
    ['"""a\nb"""', 'str'],
    ['True', 'bool'],
    ['None', 'none'],
    ['[1, [2, 3]]', 'list'],
    ['(1,)', 'tuple'],
    ['{1, 2}', 'set'],
    ["{'a': (1, 2.0), 'b': []}", 'dict'],
    ['{a: 1, b: null}', 'dict'],
  ])('%s reads as a %s and writes back as Python that means the same', (src, type) => {
    const v = parseLiteral(src);
    expect(v?.t).toBe(type);
    expect(parseLiteral(toPython(v!))).toEqual(v);
  });

  it('anything that is not a plain literal is refused', () => {
    for (const src of ['x', 'f(1)', '1 + 2', '[1, y]', "b'x'", '`${a}`', '']) expect(parseLiteral(src)).toBeUndefined();
  });

  it('JavaScript gets its own spelling of sets, maps and None', () => {
    expect(toJavaScript(parseLiteral("[None, {1, 2}, {1: 'a'}, {'k': True}]")!)).toBe(
      '[null, new Set([1, 2]), new Map([[1, "a"]]), {"k": true}]',
    );
  });
});

describe('call arguments in tests', () => {
  it('reads the literal arguments of each call of the entry point, HumanEval check() and plain asserts alike', () => {
    const he = 'def check(candidate):\n    assert candidate([1, 2], "a,b") == 3\n    assert candidate([], "(") == 0\n';
    expect(callArguments(he, ['candidate', 'f']).map(py)).toEqual(['[1, 2], "a,b"', '[], "("']);
    const mbpp = 'assert f((1, 2), {"x": [1]}) == 2\nassert not f(g(1))\nassert f(k=2) == 1\nassert obj.f(1) == 1';
    expect(callArguments(mbpp, ['f']).map(py)).toEqual(['(1, 2), {"x": [1]}']);
  });
});

describe('type-aware mutation', () => {
  const seeds = callArguments('assert f(5, 2.5, "abc", [1, 2, 3], {"a": 1}, (True, None)) == 1', ['f']);

  it('is the same for the same seed and differs for another', () => {
    expect(deriveInputs(seeds, 20, 3).map(py)).toEqual(deriveInputs(seeds, 20, 3).map(py));
    expect(deriveInputs(seeds, 20, 3).map(py)).not.toEqual(deriveInputs(seeds, 20, 4).map(py));
  });

  it('keeps each argument of its type, starts with the seeds, and gives distinct inputs', () => {
    const inputs = deriveInputs(seeds, 25, 1);
    expect(inputs).toHaveLength(25);
    expect(inputs[0]).toEqual(seeds[0]);
    expect(new Set(inputs.map(py)).size).toBe(25);
    for (const args of inputs) expect(args.map((a) => a.t)).toEqual(['int', 'float', 'str', 'list', 'dict', 'tuple']);
    expect(inputs.some((a) => py(a) !== py(seeds[0]!))).toBe(true);
  });

  it('mutates inside nested containers and keeps a non-negative number non-negative', () => {
    const r = seeded(9);
    const nested = parseLiteral('[[1, 2], [3]]')!;
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const m = mutate(nested, r);
      expect(m.t).toBe('list');
      seen.add(toPython(m));
      const n = mutate({ t: 'int', v: 3 }, r);
      expect(n.t === 'int' && n.v >= 0).toBe(true);
    }
    expect([...seen].some((s) => /\[\[\d+, \d+, \d+\]|\[\d+\]\]$/.test(s))).toBe(true);
  });

  it('gives nothing when the tests call the function with no literal arguments', () => {
    expect(deriveInputs([], 10)).toEqual([]);
  });
});

describe('grouping and ranking', () => {
  it('groups samples by identical behaviour, largest first, ties to the earliest sample; unkept ones left out', () => {
    expect(groupBy(['a', 'b', undefined, 'b', 'c', 'a', 'b'])).toEqual([[1, 3, 6], [0, 5], [4]]);
    expect(groupBy(['x', 'y'])).toEqual([[0], [1]]);
  });

  it('CodeT: a group scores its size times the generated tests it passes', () => {
    // Two samples pass tests 0-2; three pass only test 0; one passes 0-3 alone.
    const ranked = rankByAgreement([[0, 1, 2], [0], [0], [2, 1, 0], [0], [0, 1, 2, 3]]);
    expect(ranked.map((g) => [g.members, g.score])).toEqual([
      [[0, 3], 6],
      [[5], 4],
      [[1, 2, 4], 3],
    ]);
  });

  it('CodeT with no generated tests falls back to the largest group', () => {
    expect(rankByAgreement([[], undefined, []])[0]?.members).toEqual([0, 2]);
  });

  it('a generated test the whole chosen group fails is suspect, shown with what the group computed', () => {
    const tests = ['assert f(1) == 2', 'assert f(2) == 5', 'assert f(3) == 4'];
    const ranked = rankByAgreement([
      [0, 2],
      [0, 2],
      [0, 1, 2],
    ]);
    const outputs = [
      ['2', '4', '4'],
      ['2', '4', '4'],
      ['2', '5', '4'],
    ];
    expect(ranked[0]!.members).toEqual([0, 1]);
    expect(suspectTests(tests, ranked[0]!, outputs)).toEqual([{ source: 'assert f(2) == 5', outputs: ['4'] }]);
  });
});

describe('tests the model writes beside its code', () => {
  it('are split off, so the test block is never taken for the code', () => {
    const reply =
      'Here:\n```python\n    return a + b\n```\nTests:\n```python\nassert add(1, 2) == 3\nassert add(\n    2, 2) == 4\nassert other(1) == 1\n```\n';
    const got = splitReply(reply, 'python', 'add');
    expect(got.tests).toEqual(['assert add(1, 2) == 3', 'assert add( 2, 2) == 4']);
    expect(got.codeReply).toBe('```python\n    return a + b\n```');
  });

  it('a reply without tests is left as it is', () => {
    expect(splitReply('```python\ndef add(a, b):\n    return a + b\n```', 'python', 'add').tests).toEqual([]);
  });
});

describe.skipIf(!hasPython)('driver programs (run by native CPython here)', () => {
  it('print each input’s canonical result or exception, however the sample prints', () => {
    const inputs = [[{ t: 'int', v: 3 }], [{ t: 'int', v: 0 }], [{ t: 'int', v: -1 }]] as Value[][];
    const program =
      'def f(n):\n    print("noise")\n    if n < 0: raise ValueError(n)\n    return {n: n / 3, "s": {2, 1}}\n';
    const out = readDriverOutput(python(program + inputsDriver('python', 'f', inputs)));
    expect([...out.values()].map((v) => v[0])).toEqual([
      "{'s': {1, 2}, 3: 1.0}",
      "{'s': {1, 2}, 0: 0.0}",
      '!ValueError',
    ]);
  });

  it('run each generated test on its own and report the left side of an equality', () => {
    const program = 'def f(a):\n    return a * 2\n';
    const tests = ['assert f(2) == 4', 'assert f(3) == 7', 'assert f(None) == 1', 'assert f(1) > 5'];
    const out = readDriverOutput(python(program + testsDriver('python', tests)));
    expect([...out.values()]).toEqual([
      ['pass', '4'],
      ['fail', '6'],
      ['fail', '!TypeError'],
      ['fail', ''],
    ]);
  });
});

describe('JavaScript driver programs (run by node here)', () => {
  it('print canonical results, exceptions, and each generated test’s verdict', () => {
    const program =
      'function f(a, b) { if (a === null) throw new TypeError("no"); return { s: new Set([b, a]), n: a / 3 }; }\n';
    const inputs = [parseLiteral('(1, 2)'), parseLiteral('(None, 2)')].map((v) => (v?.t === 'tuple' ? v.items : []));
    const out = readDriverOutput(node(program + inputsDriver('javascript', 'f', inputs)));
    expect([...out.entries()]).toEqual([
      [0, ['{"n": 0.333333, "s": {1, 2}}']],
      [1, ['!TypeError']],
    ]);
    const tests = ['assert.deepStrictEqual(f(3, 1).n, 1);', 'assert.deepStrictEqual(f(3, 1).n, 2);'];
    const verdicts = readDriverOutput(node(program + testsDriver('javascript', tests)));
    // Each with what its compared side computed: a failing test shows what the sample gave instead.
    expect([...verdicts.values()]).toEqual([
      ['pass', '1'],
      ['fail', '1'],
    ]);
  });
});
