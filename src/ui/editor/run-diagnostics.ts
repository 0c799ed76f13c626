// What a run's error says about the code, as editor diagnostics: the exception at its line (from
// the traceback), or each TypeScript error at its line and column. The editor underlines each,
// marks it in the lint gutter and shows the message on hover.
import { toCodeLine } from '../../loop/assemble.ts';
import type { RunResult } from '../../shared/run.ts';

export interface CodeError {
  /** 1-based, in the code as shown in the editor. */
  line: number;
  /** 1-based; the whole line when absent. */
  column?: number;
  message: string;
}

/** `main.ts:3:9 TS2322 Type 'string' is not assignable to type 'number'.` */
const TS_LINE = /^main\.ts:(\d+):(\d+) (TS\d+ .*)$/;

export function runDiagnostics(r: RunResult | undefined, lineOffset: number, code: string): CodeError[] {
  const e = r?.exception;
  if (!e) return [];
  if (e.type === 'CompileError') {
    const found = e.message.split('\n').flatMap((l): CodeError[] => {
      const m = TS_LINE.exec(l);
      const line = m ? toCodeLine(Number(m[1]), lineOffset, code) : undefined;
      return m && line !== undefined ? [{ line, column: Number(m[2]), message: m[3]! }] : [];
    });
    if (found.length > 0) return found;
  }
  const line = toCodeLine(e.line, lineOffset, code);
  if (line === undefined) return [];
  const said = e.message.split('\n')[0]!.trim();
  return [{ line, message: said === '' ? e.type : `${e.type}: ${said}` }];
}
