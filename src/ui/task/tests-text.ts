// A task's tests as the one text box the panel shows, and back. Editing keeps the harness the
// tests were written for where that still holds: HumanEval's check() stays HumanEval; MBPP's
// setup-plus-asserts becomes plain user tests, which run setup lines and asserts in order.
import type { TestSpec } from '../../shared/run.ts';

export function testsToText(spec: TestSpec): string {
  switch (spec.kind) {
    case 'humaneval':
      return spec.test;
    case 'mbpp':
      return [spec.setup, ...spec.asserts].filter((s) => s.trim() !== '').join('\n');
    case 'user':
      return spec.source;
    case 'none':
      return '';
    case 'program':
      return spec.inputs.map((input, i) => `# input\n${input}\n# output\n${spec.outputs[i] ?? ''}`).join('\n');
    case 'web':
      return spec.checks;
  }
}

/** The spec for edited text; the original is returned unchanged when the text was not edited. */
export function textToTests(text: string, original: TestSpec): TestSpec {
  if (text === testsToText(original)) return original;
  // A web page keeps its viewport and reference whatever its checks say (none: it must load cleanly).
  if (original.kind === 'web') return { ...original, checks: text };
  if (text.trim() === '') return { kind: 'none' };
  if (original.kind === 'humaneval') return { ...original, test: text };
  return { kind: 'user', source: text };
}
