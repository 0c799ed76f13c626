// The pack a teacher starts from when writing one from scratch (one small exercise to replace),
// and the exercise added by "Add an exercise".
import { PACK_FORMAT, type Pack } from '../../classroom/types.ts';
import type { Raw } from './exercise-form.ts';

export function newPack(): Pack {
  return {
    format: PACK_FORMAT,
    id: 'my-pack',
    title: 'My pack',
    version: '1.0.0',
    license: 'CC-BY-4.0',
    exercises: [
      {
        id: 'add',
        title: 'Add two numbers',
        language: 'python',
        statement: 'Write `add(a, b)`, which returns the sum of `a` and `b`.',
        starter: 'def add(a, b):\n    pass\n',
        entryPoint: 'add',
        tests: [{ name: 'small numbers', code: 'assert add(1, 2) == 3', points: 1 }],
        hiddenTests: [{ name: 'negative numbers', code: 'assert add(-1, -1) == -2', points: 1 }],
        hints: [{ afterFailures: 1, text: 'Return the result instead of printing it.' }],
        solution: 'def add(a, b):\n    return a + b\n',
        limits: { timeoutSec: 3 },
        assistant: { mode: 'hint', maxRequests: 3 },
      },
    ],
  };
}

export function blankExercise(n: number): Raw {
  return {
    id: `exercise-${n}`,
    title: `Exercise ${n}`,
    language: 'python',
    statement: '',
    starter: '',
    entryPoint: '',
    tests: [],
    hiddenTests: [],
    hints: [],
    solution: '',
    limits: { timeoutSec: 3 },
    assistant: { mode: 'hint', maxRequests: 3 },
  };
}
