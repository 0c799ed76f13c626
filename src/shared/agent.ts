// Agent mode: a goal instead of tests, actions run in one interpreter that keeps its state, an
// answer at the end. The loop (src/loop/agent/) talks to an AgentSessionRuntime; the sandbox
// implements one per language (Python on Pyodide, JavaScript in a worker).

export type AgentLanguage = 'python' | 'javascript';

/** A file in the session's working directory. Text files carry `text`; binary ones `base64`. */
export interface AgentFile {
  name: string;
  size: number;
  text?: string;
  base64?: string;
  mime?: string;
}

/** One item of rich output, as Jupyter's display protocol gives it (`text/html`, `image/png` as base64, `image/svg+xml`, `text/markdown`, `text/plain`). */
export interface RichOutput {
  mime: string;
  data: string;
}

export interface Observation {
  /** What the action printed (stdout and stderr interleaved), capped. */
  output: string;
  /** True when `output` was cut at the cap. */
  outputCut?: boolean;
  /** repr of the last expression's value, when it had one (not None / undefined). */
  value?: string;
  /** `display(obj)` calls and a rich last value, in order. */
  rich: RichOutput[];
  /** The error, with its traceback trimmed to the action's own lines. */
  error?: string;
  /** The action ran past its time limit and was interrupted. */
  timedOut?: boolean;
  /** The interpreter was restarted (time-out without isolation, memory, crash): its state is gone. */
  stateLost?: boolean;
  /** Set when the action called final_answer / finalAnswer: the value, as text. */
  finalAnswer?: string;
  ms: number;
}

export interface ActOptions {
  timeoutMs: number;
  /** Characters of output kept; the rest is cut and said so. */
  outputCap?: number;
  signal?: AbortSignal;
}

/** A persistent interpreter for one agent run. */
export interface AgentSessionRuntime {
  readonly language: AgentLanguage;
  /** Put the user's files in the working directory and get the interpreter ready. */
  start(files: AgentFile[]): Promise<void>;
  act(code: string, opts: ActOptions): Promise<Observation>;
  /** The working directory's files now (those the code wrote included). */
  files(): Promise<AgentFile[]>;
  close(): void;
}
