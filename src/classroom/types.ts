// The exercise pack format, "fixpoint-pack/1": a public interface teachers write by hand, so its
// field names are fixed. Unknown fields are carried along untouched (the index signatures).
import type { Language, OutputCompare } from '../shared/run.ts';
import type { Viewport } from '../shared/web.ts';

export const PACK_FORMAT = 'fixpoint-pack/1';

export type AssistantMode = 'off' | 'hint' | 'explain' | 'solve';
export const ASSISTANT_MODES: readonly AssistantMode[] = ['off', 'hint', 'explain', 'solve'];
/** `html`: a web page exercise, its tests JavaScript checks run in the rendered page. */
export const PACK_LANGUAGES: readonly Language[] = ['python', 'javascript', 'typescript', 'html'];

export interface PackTest {
  name: string;
  /** One or more lines of asserts; graded on its own. Empty in a program exercise's tests. */
  code: string;
  /** A program exercise's test: the standard input, and the output expected for it. */
  input?: string;
  output?: string;
  points: number;
  [unknown: string]: unknown;
}

export interface PackHint {
  /** Shown once the student has failed this many runs. */
  afterFailures: number;
  text: string;
  [unknown: string]: unknown;
}

export interface PackExercise {
  id: string;
  title: string;
  language: Language;
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
  /** "program": a whole program reading stdin, its tests input/output pairs (docs/classroom.md). */
  kind?: 'program';
  /** A program exercise's comparison of output with the expected one; "lines" when absent. */
  compare?: OutputCompare;
  /** For compare "numbers": how far apart two numbers may be (absolute or relative); 1e-6 when absent. */
  tolerance?: number;
  [unknown: string]: unknown;
}

export interface Pack {
  format: typeof PACK_FORMAT;
  id: string;
  title: string;
  version: string;
  license: string;
  /**
   * Whether a test passed by code flagged for test gaming (docs/test-gaming.md) scores its points;
   * absent means it does. Either way the grade rows and the CSV carry the flags.
   */
  flaggedTestsScore?: boolean;
  exercises: PackExercise[];
  [unknown: string]: unknown;
}

export const DEFAULT_TIMEOUT_SEC = 3;
export const OUTPUT_COMPARES: readonly OutputCompare[] = ['lines', 'exact', 'tokens', 'numbers'];
export const DEFAULT_ASSISTANT = { mode: 'off', maxRequests: 0 } as const;

/** Points a test is worth when the pack does not say. */
export const DEFAULT_POINTS = 1;
/** The most of a pack file the page reads, from a file or a #pack-url= address. */
export const PACK_FILE_LIMIT = 16 * 1024 * 1024;

export function maxPoints(ex: PackExercise): number {
  return [...ex.tests, ...ex.hiddenTests].reduce((sum, t) => sum + t.points, 0);
}
