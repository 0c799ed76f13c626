// A small valid classroom pack to vary in tests; unit and page tests both start from it.

export function rawPack(): Record<string, unknown> {
  return {
    format: 'fixpoint-pack/1',
    id: 'demo',
    title: 'Demo pack',
    version: '1.0.0',
    license: 'CC-BY-4.0',
    exercises: [
      {
        id: 'add',
        title: 'Add two numbers',
        language: 'python',
        statement: 'Write `add(a, b)`.',
        starter: 'def add(a, b):\n    pass\n',
        entryPoint: 'add',
        tests: [{ name: 'small', code: 'assert add(1, 2) == 3', points: 2 }],
        hiddenTests: [{ name: 'negative', code: 'assert add(-1, -1) == -2', points: 3 }],
        hints: [
          { afterFailures: 3, text: 'Use +.' },
          { afterFailures: 1, text: 'Return, do not print.' },
        ],
        solution: 'def add(a, b):\n    return a + b\n',
        limits: { timeoutSec: 2 },
        assistant: { mode: 'hint', maxRequests: 3 },
      },
      {
        id: 'double',
        title: 'Double',
        language: 'python',
        statement: 'Write `double(x)`.',
        starter: 'def double(x):\n    pass\n',
        entryPoint: 'double',
        tests: [{ name: 'one', code: 'assert double(1) == 2', points: 1 }],
        solution: 'def double(x):\n    return 2 * x\n',
      },
    ],
  };
}
