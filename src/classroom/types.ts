// The exercise pack format, "fixpoint-pack/1": a public interface teachers write by hand, so its
// field names are fixed. Unknown fields are carried along untouched (the index signatures).
import type { CompareRule } from '../kinds/sql/compare.ts';
import type { Language, OutputCompare } from '../shared/run.ts';
import type { SqlEngineName } from '../shared/sql.ts';
import type { Infer } from '../shared/schema.ts';
import type { Viewport } from '../shared/web.ts';
import type { hintShape, packFields } from './validate.ts';

export const PACK_FORMAT = 'fixpoint-pack/1';

export type AssistantMode = 'off' | 'hint' | 'explain' | 'solve';
export const ASSISTANT_MODES: readonly AssistantMode[] = ['off', 'hint', 'explain', 'solve'];
/** `html`: a web page exercise, its tests JavaScript checks run in the rendered page. */
export const PACK_LANGUAGES: readonly Language[] = ['python', 'javascript', 'typescript', 'html'];
/** A SQL exercise's language: its starter, solution and submissions are one query each. */
export type PackLanguage = Language | 'sql';

export interface PackTest {
  name: string;
  /** One or more lines of asserts; graded on its own. Empty in a program exercise's tests. */
  code: string;
  /** A program exercise's test: the standard input, and the output expected for it. */
  input?: string;
  output?: string;
  /** A SQL exercise's test: the SQL script that builds the database the query runs on. */
  database?: string;
  points: number;
  [unknown: string]: unknown;
}

/** Shown once the student has failed `afterFailures` runs; read by `hintShape` (validate.ts). */
export type PackHint = Infer<typeof hintShape>;

export interface PackExercise {
  id: string;
  title: string;
  language: PackLanguage;
  /** Markdown. */
  statement: string;
  starter: string;
  /** Empty for a web page exercise (its checks call no function). */
  entryPoint: string;
  /** A web page exercise: the page's size in CSS pixels (800x600 when absent). */
  viewport?: Viewport;
  tests: PackTest[];
  hiddenTests: PackTest[];
  hints: PackHint[];
  /** Absent in packs shared with students. */
  solution?: string;
  limits: { timeoutSec: number; [unknown: string]: unknown };
  assistant: { mode: AssistantMode; maxRequests: number; [unknown: string]: unknown };
  /**
   * "program": a whole program reading stdin, its tests input/output pairs; "sql": a query, its
   * tests databases its result is compared on with the solution's (docs/classroom.md).
   */
  kind?: 'program' | 'sql';
  /** A program exercise's comparison of output ("lines" when absent); a SQL one's rule ("bird"). */
  compare?: OutputCompare | CompareRule;
  /** A SQL exercise's engine; "sqlite" when absent. */
  engine?: SqlEngineName;
  /** For compare "numbers": how far apart two numbers may be (absolute or relative); 1e-6 when absent. */
  tolerance?: number;
  [unknown: string]: unknown;
}

/** A pack: its own fields as `packFields` reads them (validate.ts), its format and its exercises. */
export type Pack = Infer<typeof packFields> & {
  format: typeof PACK_FORMAT;
  exercises: PackExercise[];
  [unknown: string]: unknown;
};

export const DEFAULT_TIMEOUT_SEC = 3;
export const OUTPUT_COMPARES: readonly OutputCompare[] = ['lines', 'exact', 'tokens', 'numbers'];
export const SQL_COMPARES: readonly CompareRule[] = ['bird', 'spider'];
export const DEFAULT_ASSISTANT = { mode: 'off', maxRequests: 0 } as const;

/** Points a test is worth when the pack does not say. */
export const DEFAULT_POINTS = 1;
/** The most of a pack file the page reads, from a file or a #pack-url= address. */
export const PACK_FILE_LIMIT = 16 * 1024 * 1024;

export function maxPoints(ex: PackExercise): number {
  return [...ex.tests, ...ex.hiddenTests].reduce((sum, t) => sum + t.points, 0);
}
