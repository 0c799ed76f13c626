// Generated tests: ones a model proposed and the user accepted. They run beside the task's own
// tests, each reported on its own, and stay recognisable in the results, so feedback can say that
// such a test may itself be wrong and selection can leave it out of the truth.
import type { Language, TestResult, TestSpec } from './run.ts';
import type { Task } from './task.ts';

/** Whitespace-blind form of a test, for telling the same test apart from another. */
export const sameTestText = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** A JavaScript or TypeScript test as a node:test case of its own, named by its source. */
function scriptTest(source: string): string {
  return `test(${JSON.stringify(sameTestText(source))}, () => {\n  const assert = require('node:assert');\n  ${source.trim()}\n});`;
}

function appended(spec: TestSpec, tests: readonly string[], language: Language): TestSpec {
  const extra = (language === 'python' ? tests.map((t) => t.trim()) : tests.map(scriptTest)).join('\n');
  switch (spec.kind) {
    case 'none':
      return { kind: 'user', source: `${extra}\n` };
    case 'user':
      return { kind: 'user', source: `${spec.source.replace(/\s+$/, '')}\n${extra}\n` };
    case 'mbpp':
      return { ...spec, asserts: [...spec.asserts, ...tests] };
    case 'web':
      return spec;
    case 'humaneval':
      // check() reports its own asserts only; as plain tests the generated ones are reported each.
      return { kind: 'user', source: `${spec.test.replace(/\s+$/, '')}\n\ncheck(${spec.entryPoint})\n${extra}\n` };
    case 'program':
      return spec; // a program's tests are inputs and outputs, not code
  }
}

/** The tests a run uses: the task's own and, unless `givenOnly`, its accepted generated ones. */
export function testsForRun(task: Task, givenOnly = false): TestSpec {
  const generated = (task.generatedTests ?? []).filter((t) => t.trim() !== '');
  if (givenOnly || generated.length === 0) return task.tests;
  return appended(task.tests, generated, task.language);
}

/** The generated test a result comes from, when it comes from one. */
export function generatedSourceOf(result: TestResult, generated: readonly string[] | undefined): string | undefined {
  if (!generated || generated.length === 0) return undefined;
  const said = [result.source, result.name].filter((s): s is string => s !== undefined).map(sameTestText);
  return generated.find((g) => {
    const text = sameTestText(g);
    // A generated test of several statements is reported by the statement that failed.
    return said.some((s) => s !== '' && (s === text || text.includes(s)));
  });
}
