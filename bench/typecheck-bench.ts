// TypeScript checking in the page's checker workers, timed inside the page: setting a worker up
// (start, parse the lib files, bind their globals), the first check after that, and re-checks of
// edited code as the loop makes them; the same for grading, whose lib includes the DOM; and what
// a program that stalls the compiler costs the checks around it (typecheck-stall-bench.ts).
import type { Page } from 'playwright-core';
import type { TsCheckOptions } from '../src/shared/typescript-check.ts';
import { openHeadless } from '../cli/page.ts';
import { median } from './median.ts';
import { measureStall, stallRows, type StallFigures } from './typecheck-stall-bench.ts';

interface TypeCheckFigures {
  setupMs: number;
  firstCheckMs: number;
  recheckMedianMs: number;
  gradingSetupMs: number;
  gradingRecheckMedianMs: number;
  stall: StallFigures;
}

const program = (n: number): string =>
  [
    'interface Interval { start: number; end: number }',
    'export function merge(intervals: Interval[]): Interval[] {',
    '  const sorted = [...intervals].sort((a, b) => a.start - b.start);',
    '  const out: Interval[] = [];',
    '  for (const iv of sorted) {',
    '    const last = out[out.length - 1];',
    `    if (last && iv.start <= last.end + ${n}) last.end = Math.max(last.end, iv.end);`,
    '    else out.push({ ...iv });',
    '  }',
    '  return out;',
    '}',
  ].join('\n');

function timeCheck(page: Page, code: string, options: TsCheckOptions): Promise<number> {
  return page.evaluate(
    async ([c, o]) => {
      const t = performance.now();
      await window.fixpoint.typecheck(c, o);
      return performance.now() - t;
    },
    [code, options] as const,
  );
}

async function measureTypeCheck(log: (s: string) => void): Promise<TypeCheckFigures> {
  const hp = await openHeadless({ sandboxes: 1, log });
  try {
    const setupMs = await timeCheck(hp.page, '', { strict: true });
    const firstCheckMs = await timeCheck(hp.page, program(0), { strict: true });
    const rechecks: number[] = [];
    for (let i = 1; i <= 20; i++) rechecks.push(await timeCheck(hp.page, program(i), { strict: true }));
    const gradingSetupMs = await timeCheck(hp.page, 'declare var require: any;\n', { strict: false });
    const grading: number[] = [];
    for (let i = 1; i <= 20; i++) grading.push(await timeCheck(hp.page, program(i), { strict: false }));
    const stall = await measureStall(hp.page, program(0));
    return {
      setupMs,
      firstCheckMs,
      recheckMedianMs: median(rechecks),
      gradingSetupMs,
      gradingRecheckMedianMs: median(grading),
      stall,
    };
  } finally {
    await hp.close();
  }
}

/** The table rows; the figures also go into bench-results.json. */
export async function typeCheckRows(
  results: Record<string, unknown>,
  log: (s: string) => void,
): Promise<[string, string, string][]> {
  log('TypeScript checking…');
  const f = await measureTypeCheck(log);
  results.typeCheck = f;
  const ms = (x: number): string => `${x.toFixed(1)} ms`;
  return [
    ['type-check set-up: worker, lib files, first program', ms(f.setupMs), '-'],
    ['type-check, first check after set-up', ms(f.firstCheckMs), '-'],
    ['type-check, re-check of edited code, median of 20', ms(f.recheckMedianMs), '<= 50 ms'],
    ['type-check for grading: set-up with the DOM lib', ms(f.gradingSetupMs), '-'],
    ['type-check for grading, re-check, median of 20', ms(f.gradingRecheckMedianMs), '-'],
    ...stallRows(f.stall),
  ];
}
