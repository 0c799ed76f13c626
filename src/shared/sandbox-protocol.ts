// Messages between the app page, the opaque sandbox frame and the frame's Python worker.
// Both sides import only these types. Everything that arrives from the frame or the worker is
// checked against these shapes before use: the worker runs untrusted code.
import type { OutputStream, RunJob, RunResult } from './run.ts';
import type { SqlJob } from './sql.ts';
import type { AgentJsEvent, AgentJsRequest } from './agent-js-protocol.ts';
import type { AgentFile } from './agent.ts';

/**
 * Blobs, not bytes: a Blob crosses into the frame (its own process) as a handle, where 13 MB of
 * transferred ArrayBuffers were copied over on every start, and every frame can share the page's.
 */
export interface PyodideAssets {
  pyodideMjs: Blob;
  asmMjs: Blob;
  wasm: Blob;
  stdlib: Blob;
  lock: string;
  /** Harness package files: name -> Python source. */
  harness: Record<string, string>;
}

/**
 * The channels of the page <-> frame protocol. Every message is an envelope `{channel, id, msg}`:
 * each runtime reads only its own channel's messages, and the page matches replies to requests
 * by channel and id in one place (src/sandbox/frame-host.ts). id: the run's on 'python', 'js' and
 * 'sql' (0 for a channel's own start-up); the session's on 'agent' and 'agent-js'; the ping's on
 * 'frame' (0 otherwise).
 */
export type Channel = 'frame' | 'python' | 'js' | 'sql' | 'agent' | 'agent-js';

const CHANNELS: readonly Channel[] = ['frame', 'python', 'js', 'sql', 'agent', 'agent-js'];

/** page -> frame, by channel */
interface HostMessages {
  /** The frame's own life cycle: Python's interpreters and JavaScript's workers start; the heartbeat. */
  frame:
    | /**
       * builtSnapshot: the memory snapshot built with the app (compressed), when this browser has no
       * copy of its own. A Blob, as everywhere below: it crosses frames and workers as a handle, where
       * 30 MB of bytes would be copied on the page's main thread and freeze it.
       */
      { type: 'init'; assets: PyodideAssets; workerSource: string; builtSnapshot?: Blob }
      /** This browser's own snapshot, sent ahead of 'init' so the frame reads it while the files arrive. */
    | { type: 'snapshot'; snapshot: Blob }
    /** Sent as soon as the frame loads when Python will run: its first worker starts while the files arrive. */
    | { type: 'prepare-python'; workerSource: string }
    /** Sent as soon as the frame loads unless Python starts too: JavaScript does not wait for Python's files. */
    | { type: 'init-js'; jsWorkerSource: string }
    /** Is the frame alive? A run that exhausts memory takes the frame's process down with it. */
    | { type: 'ping' };
  python:
    | { type: 'run'; job: RunJob }
    /** Stop the run: an interrupt when isolated; the frame kills the worker if it does not stop. */
    | { type: 'interrupt' }
    | { type: 'kill' };
  /** JavaScript jobs have their own queue and workers in the frame; a kill ends the worker at once. */
  js: { type: 'run'; job: JsJob } | { type: 'kill' };
  sql:
    /** Sent with the first SQL job; SQLite's wasm is compiled in the frame (src/sandbox/frame/sql/). */
    | { type: 'init'; workerSource: string; wasm: Blob }
    /** Postgres: sent with the first Postgres job; PGlite's wasm and files (src/sandbox/frame/pg/). */
    | { type: 'pg-init'; workerSource: string; wasm: Blob; fsBundle: Blob }
    /** Runs on SQLite or Postgres by job.engine. */
    | { type: 'run'; job: SqlJob }
    /** The run outlived the page's backstop: end the SQL worker (a new one takes the next run). */
    | { type: 'kill' };
  agent: AgentHostMessage;
  /** A JavaScript agent session (src/shared/agent-js-protocol.ts). */
  'agent-js': AgentJsRequest;
}

/**
 * An agent run's Python interpreter (src/sandbox/agent/, src/sandbox/frame/agent/): a worker of
 * its own, apart from the grading workers, that keeps its state from one action to the next.
 * 'start' boots it with the files (and boots it again after 'restart'). id: the action's.
 */
export type AgentHostMessage =
  | { type: 'start'; files: AgentFile[] }
  /** packages: files the page fetched and checked, to install before the code runs. */
  | { type: 'act'; id: number; code: string; outputCap: number; packages?: AgentPackageFile[] }
  /** Stop the action: SIGINT into the session's interrupt buffer (isolated frames only). */
  | { type: 'interrupt'; id: number }
  /** End the interpreter and boot a new one with the files it started with. */
  | { type: 'restart' }
  | { type: 'files'; id: number }
  | { type: 'close' };

/** A package file for an agent run's interpreter, its sha256 already checked by the page. */
export interface AgentPackageFile {
  name: string;
  fileName: string;
  /** 'site' (site-packages) or 'dynlib' (/usr/lib). */
  installDir: string;
  bytes: ArrayBuffer;
}

/** frame -> page, by channel */
interface FrameMessages {
  frame:
    | /**
       * times: wall-clock moments of the first interpreter's start (frame and worker), for the bench.
       * unpacked: the snapshot handed in was the one built with the app; its unpacked copy follows as 'snapshot'.
       */
      { type: 'ready'; isolated: boolean; unpacked?: boolean; times?: Record<string, number> }
    | { type: 'boot-error'; message: string }
    /**
     * A fresh interpreter's memory snapshot, made before any run, or the unpacked copy of the
     * one built with the app: cache it for the next visit.
     */
    | { type: 'snapshot'; bytes: Blob }
    /** The snapshot handed in could not be loaded: drop it from the cache. */
    | { type: 'snapshot-rejected' }
    /** The JavaScript workers can run (they start before Python, and do not wait for it). */
    | { type: 'js-ready' }
    | { type: 'js-boot-error'; message: string }
    | { type: 'pong' };
  python:
    | { type: 'started' }
    /** truncated: the run has written past its output cap (see OutputCollector.add). */
    | { type: 'output'; stream: OutputStream; text: string; truncated?: boolean }
    | { type: 'progress'; test: string }
    /** result: a RunResult without its duration, as the run reported it: the page checks its shape. */
    | { type: 'result'; result: unknown }
    /** A traced run's verdict, sent before tracing starts: what the run reports if tracing never ends. */
    | { type: 'verdict'; result: unknown }
    /** The interpreter died (fatal error, stack or memory exhausted, os._exit) or was killed. */
    | { type: 'crashed'; message: string; killed: boolean };
  js:
    | { type: 'started' }
    /** truncated: the run has written past its output cap (the page keeps this if it stops the run). */
    | { type: 'output'; stream: OutputStream; text: string; truncated?: boolean }
    | { type: 'result'; result: Omit<RunResult, 'durationMs'> }
    | { type: 'crashed'; message: string; killed: boolean };
  sql:
    | { type: 'ready' }
    | { type: 'boot-error'; message: string }
    | { type: 'pg-ready' }
    | { type: 'pg-boot-error'; message: string }
    /** answers: one per query, as the worker reported them: the page checks their shape (checkAnswers). */
    | { type: 'answers'; answers: unknown }
    | { type: 'crashed'; message: string };
  /** About an agent run's interpreter; result and files are checked by the page. id: the action's. */
  agent:
    | { type: 'ready'; isolated: boolean }
    | { type: 'boot-error'; message: string }
    | { type: 'observation'; id: number; result: unknown; heapBytes?: number }
    | { type: 'files'; id: number; files: unknown }
    | { type: 'crashed'; id: number; message: string };
  /** What the session's worker said, or the frame's word that it died: the page checks it. */
  'agent-js': AgentJsEvent;
}

export type HostMessage<C extends Channel> = HostMessages[C];
export type FrameMessage<C extends Channel> = FrameMessages[C];

/** How the frame answers on one channel. */
export type SendOn<C extends Channel> = (id: number, msg: FrameMessages[C]) => void;

/** page -> frame */
export type HostToFrame = { [C in Channel]: { channel: C; id: number; msg: HostMessages[C] } }[Channel];

/**
 * An envelope as it arrives, checked only as far as routing needs: a known channel, a numeric id,
 * a message with a type. Each channel's reader checks the fields it uses.
 */
export function readEnvelope(data: unknown): { channel: Channel; id: number; msg: { type: string } } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { channel, id, msg } = data as Record<string, unknown>;
  if (typeof channel !== 'string' || !(CHANNELS as readonly string[]).includes(channel)) return undefined;
  if (typeof id !== 'number' || typeof msg !== 'object' || msg === null) return undefined;
  if (typeof (msg as { type?: unknown }).type !== 'string') return undefined;
  return { channel: channel as Channel, id, msg: msg as { type: string } };
}

/** A JavaScript run as the frame's worker gets it: scripts already built (TypeScript already emitted). */
export interface JsJob {
  /** Run in order as classic scripts sharing one global scope; each keeps its own line numbers. */
  scripts: { name: string; source: string }[];
  /**
   * 'reference': MultiPL-E's rule (passed when the program ends without an uncaught error; exit
   * code 0 from process.exit passes). 'feedback': every script must finish and every test pass.
   * 'program': a contest program run on `stdin`; it passes when it ends without an uncaught error
   * or a non-zero exit code, and the page judges its output (src/kinds/program/).
   */
  mode: 'reference' | 'feedback' | 'program';
  outputCap: number;
  stdin?: string;
}

/** frame -> JavaScript worker; the first message carries the private port. Each worker runs one job. */
export type FrameToJsWorker =
  | { type: 'init'; port: MessagePort }
  /** token: the run's own; its result carries it back, and the frame takes no result without it. */
  | { type: 'run'; id: number; job: JsJob; token: string };

/** JavaScript worker -> frame, over the private port only */
export type JsWorkerToFrame =
  | { type: 'ready' }
  | { type: 'started'; id: number }
  | { type: 'output'; id: number; stream: OutputStream; text: string; truncated?: boolean }
  | { type: 'result'; id: number; result: Omit<RunResult, 'durationMs'>; token?: string };

/** frame -> worker (the first message carries the private port; all later ones use it) */
export interface WorkerInit {
  type: 'init';
  port: MessagePort;
  /** Blob URLs made by the frame, resolvable by its workers. */
  urls: { pyodideMjs: string; asmMjs: string; stdlib: string };
  lock: string;
  harness: Record<string, string>;
  interrupt?: Int32Array;
  /** Boot from a memory snapshot, sent over the port once the frame has it, not from scratch. */
  restore?: boolean;
  /** Make a snapshot once booted, before any run, and send it over the port. */
  makeSnapshot?: boolean;
  /** An agent run's interpreter: it serves agent messages, not grading jobs. */
  agent?: boolean;
}

/**
 * module: Pyodide's compiled wasm, and snapshot: the unpacked memory snapshot to restore, each sent
 * once the frame has it (the worker starts while they are compiled and unpacked).
 */
export type FrameToWorker =
  | { type: 'module'; module: WebAssembly.Module }
  /** The snapshot's length, sent before its bytes: Pyodide sizes its memory by it and instantiates meanwhile. */
  | { type: 'snapshot-length'; length: number }
  | { type: 'snapshot'; bytes: ArrayBuffer }
  /** The standard library's zip, read by the frame; undefined when it could not be read there. */
  | { type: 'stdlib'; bytes?: ArrayBuffer }
  /** job: the RunJob as JSON, written in the frame, whose realm no run code can reach. */
  | { type: 'run'; id: number; job: string }
  /** files: the AgentFile list as JSON, written into the working directory. */
  | { type: 'agent-put'; id: number; files: string }
  | { type: 'agent-act'; id: number; code: string; outputCap: number; packages?: AgentPackageFile[] }
  | { type: 'agent-files'; id: number };

/** worker -> frame, over the private port only */
export type WorkerToFrame =
  /** times: wall-clock moments of the worker's start (timeOrigin + now), for the bench. */
  | { type: 'ready'; times?: Record<string, number> }
  | { type: 'boot-error'; message: string }
  | { type: 'snapshot'; bytes: Blob }
  | { type: 'started'; id: number }
  | { type: 'output'; id: number; stream: OutputStream; text: string; truncated?: boolean }
  | { type: 'progress'; id: number; test: string }
  /**
   * json: what the harness reported, parsed by the frame and checked by the page. heapBytes: the
   * interpreter's memory after the run; a swollen one is replaced by the spare. fresh: the
   * interpreter was put back to where it stood before its first run, fit for another; without
   * it the frame replaces the worker (stale says why).
   */
  | { type: 'result'; id: number; json: string; heapBytes?: number; fresh?: boolean; stale?: string }
  | { type: 'verdict'; id: number; json: string }
  /**
   * The run ended without a result. fresh: it only unwound (an interrupt the harness let through)
   * and the interpreter was put back as after any run, fit for another; without it the frame
   * replaces the worker.
   */
  | { type: 'fatal'; id: number; message: string; fresh?: boolean }
  /** An agent interpreter's answers: json is what Python reported, unchecked. */
  | { type: 'agent-done'; id: number }
  | { type: 'agent-observation'; id: number; json: string; heapBytes?: number }
  | { type: 'agent-files'; id: number; json: string };

export const SIGINT = 2;
