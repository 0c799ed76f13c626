// The TypeScript checker's API, declared once: the page's checker worker implements it, the
// JavaScript runtime and the loop call it. Both ends are Fixpoint's own code.

export interface TsDiagnostic {
  /** 1-based line and column in the code as the model wrote it. */
  line: number;
  column: number;
  /** The compiler's error number, e.g. 2322. */
  code: number;
  message: string;
}

export interface TsCheckOptions {
  /** Name used in diagnostics and stack traces; default `main.ts`. */
  fileName?: string;
  /** The loop checks strictly; MultiPL-E grading compiles as its harness does (strict off). */
  strict: boolean;
}

export interface TsCheckResult {
  /** Errors only; any error fails the attempt. */
  diagnostics: TsDiagnostic[];
  /** JavaScript with every statement on its original line, so stack traces point at the model's lines. */
  js: string;
}

export interface TypeScriptChecker {
  /**
   * Rejects with TypeCheckTimedOut when checking this code takes longer than `limitMs` (the run's
   * own time limit; waiting for the checker and setting it up do not count). Without a limit, a
   * check is bounded by the checker's own default.
   */
  check(code: string, options: TsCheckOptions, limitMs?: number): Promise<TsCheckResult>;
  dispose(): void;
}

/** What a run reports as running when its type check hit the time limit (RunResult.runningTest). */
export const TYPE_CHECK_STEP = 'the type check';

/** The type check itself took longer than its limit: the verdict of the code checked, no one else's. */
export class TypeCheckTimedOut extends Error {
  constructor(readonly limitMs: number) {
    super(`The type check took longer than the time limit of ${limitMs / 1000} s.`);
    this.name = 'TypeCheckTimedOut';
  }
}
