// MultiPL-E's `add` problem (HumanEval 53) in JavaScript or TypeScript, as a one-line problems
// file for `run`, and replies a model might give for it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

export type MultiplELanguage = 'js' | 'ts';

const DATA = resolve(import.meta.dirname, '../../../data/multipl-e');

/** A problems file holding HumanEval_53_add from the dataset, in a new temporary directory. */
export function addProblemFile(language: MultiplELanguage): string {
  const rows = gunzipSync(readFileSync(join(DATA, `humaneval-${language}.jsonl.gz`)))
    .toString('utf8')
    .trim()
    .split('\n');
  const add = rows.find((l) => l.includes('"HumanEval_53_add"'))!;
  const file = join(mkdtempSync(join(tmpdir(), 'fixpoint-multipl-e-')), `add-${language}.jsonl`);
  writeFileSync(file, `${add}\n`);
  return file;
}

const HEAD = { js: 'function add(x, y){', ts: 'function add(x: number, y: number): number {' };
const TAG = { js: 'javascript', ts: 'typescript' };

/** A reply with `add` given `body`, and with `tests` (one per line) in a second block when given. */
export function addReply(language: MultiplELanguage, body: string, tests?: string): string {
  const code = `\`\`\`${TAG[language]}\n${HEAD[language]}\n${body}\n}\n\`\`\`\n`;
  return tests === undefined ? code : `${code}\nTests:\n\n\`\`\`${TAG[language]}\n${tests}\n\`\`\`\n`;
}

/** Passes the visible tests (their largest argument is 7), but not past 10. */
export const SMALL_ONLY = '  if (x > 10) return x;\n  return x + y;';
export const RIGHT = ['  return x + y;', '  return y + x;', '  let s = x;\n  s += y;\n  return s;'];
export const WRONG = '  return x - y;';
