// Domain records: what the loop works on and what the store keeps.
import type { ProjectFiles } from './node-project.ts';
import type { Language, RunLimits, TestSpec } from './run.ts';
import type { SqlTaskSpec } from './sql.ts';

export interface Task {
  id: string;
  title: string;
  /** The description given to the model. */
  prompt: string;
  language: Language;
  starterCode?: string;
  /** Name of the function the tests call, when there is one. */
  entryPoint?: string;
  tests: TestSpec;
  /**
   * Tests a model proposed and the user accepted. They run with `tests` but are marked as
   * generated: feedback says they may be wrong, and selection never takes them as the truth.
   */
  generatedTests?: string[];
  /** Classroom: graded but never shown to the model or the student's feedback. */
  hiddenTests?: TestSpec;
  limits: RunLimits;
  /** A "Node.js project" task: its files and command run with npm in a WebContainer, not offline. */
  project?: ProjectFiles;
  /**
   * An agent session: `prompt` is the goal, `language` the interpreter's. The files' names and
   * sizes; their bytes are stored beside the session (the history's `files`).
   */
  agent?: { files: { name: string; size: number }[] };
  /** A SQL question: its engine, database, question and gold query (`language` is not used). */
  sql?: SqlTaskSpec;
}
