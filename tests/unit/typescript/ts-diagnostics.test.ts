import { describe, expect, it } from 'vitest';
import { formatTsDiagnostic, formatTsDiagnostics } from '../../../src/shared/ts-diagnostics.ts';

describe('type errors as text', () => {
  it('prints file, line, column, code and message as tsc does', () => {
    expect(
      formatTsDiagnostic({
        line: 2,
        column: 10,
        code: 2322,
        message: "Type 'string' is not assignable to type 'number'.",
      }),
    ).toBe("main.ts:2:10 TS2322 Type 'string' is not assignable to type 'number'.");
  });

  it('indents the chained lines of a long message under the first', () => {
    const message = "Type '{}' is not assignable to type 'Point'.\n  Property 'x' is missing in type '{}'.";
    expect(formatTsDiagnostics([{ line: 1, column: 7, code: 2741, message }], 'solution.ts')).toBe(
      "solution.ts:1:7 TS2741 Type '{}' is not assignable to type 'Point'.\n  Property 'x' is missing in type '{}'.",
    );
  });

  it('leaves out the code of an error that is not the compiler’s', () => {
    expect(formatTsDiagnostic({ line: 1, column: 1, code: 0, message: 'Could not emit JavaScript.' })).toBe(
      'main.ts:1:1 Could not emit JavaScript.',
    );
  });
});
