// A JavaScript (or TypeScript) contest program: run once per test in a fresh worker, as
// `node main.js < input` runs, with that test's input as its stdin. The expected outputs stay on
// the page: each run's output goes to the same ProgramWatch that judges Python programs, with
// LiveCodeBench's comparison and result texts (src/kinds/program/verdict.ts).
import { ProgramWatch, type ProgramSpec, type RunEnd } from '../kinds/program/verdict.ts';
import type { OutputStream, RunResult } from '../shared/run.ts';
import type { JsJob } from '../shared/sandbox-protocol.ts';
import { OutputCollector } from './results.ts';

/** Characters of one test's output kept for judging, as the Python judge keeps. */
const OUT_CAP = 1 << 23;

export class JsProgram {
  private readonly watch: ProgramWatch;
  private index = 0;
  private out = new OutputCollector(OUT_CAP);

  constructor(
    private readonly spec: ProgramSpec,
    private readonly scripts: JsJob,
  ) {
    this.watch = new ProgramWatch(spec);
  }

  /** The worker job for the next test, or undefined once every test has run. */
  next(): JsJob | undefined {
    if (this.index >= this.spec.inputs.length) return undefined;
    this.out = new OutputCollector(OUT_CAP);
    return { ...this.scripts, mode: 'program', stdin: this.spec.inputs[this.index], outputCap: OUT_CAP };
  }

  output(stream: OutputStream, text: string, cut: boolean): void {
    this.out.add(stream, text, cut);
  }

  /** One test's run has ended (its worker's result, as the worker sent it): false once the verdict is settled. */
  ended(raw: unknown): boolean {
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const ex = (typeof r.exception === 'object' && r.exception !== null ? r.exception : {}) as Record<string, unknown>;
    const error = { type: String(ex.type ?? 'Error'), message: String(ex.message ?? r.result ?? '') };
    const i = this.index++;
    let said: string;
    if (r.status === 'passed') {
      const cut = this.out.truncated;
      said = this.watch.onEvent({ e: 'test', i, out: this.out.text.stdout, cut });
    } else if (ex.syntax === true) said = this.watch.onEvent({ e: 'compile', error });
    else said = this.watch.onEvent({ e: 'test', i, error });
    if (said === 'decided') return false;
    if (this.index >= this.spec.inputs.length) this.watch.onEvent({ e: 'end' });
    return true;
  }

  /** A compile error found before any run (TypeScript's check). */
  compileError(type: string, message: string): void {
    this.watch.onEvent({ e: 'compile', error: { type, message } });
  }

  result(end: RunEnd): RunResult {
    return this.watch.result(end);
  }
}
