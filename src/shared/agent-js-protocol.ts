// Messages of the JavaScript agent session (agent mode, src/sandbox/agent-js/): page -> frame ->
// the session's own worker and back. The page sends them on the sandbox protocol's 'agent-js'
// channel (src/shared/sandbox-protocol.ts); everything that comes back is checked on the page before it is believed.
import type { AgentFile, RichOutput } from './agent.ts';
import type { OutputStream } from './run.ts';

/** page -> frame, one session's worker */
export type AgentJsRequest =
  /** Starts the session's worker from this source and puts the files in its working directory. */
  | { type: 'open'; workerSource: string; files: AgentFile[] }
  | { type: 'act'; id: number; action: AgentJsAction }
  /** Ends the worker (an action past its limit cannot be interrupted) and starts a fresh one with the files. */
  | { type: 'restart'; files: AgentFile[] }
  | { type: 'close' };

/**
 * An action as the worker runs it: rewritten on the page (src/sandbox/agent-js/repl-transform.ts)
 * into the body of an async function whose parameter `__fixpointScope` is the global object.
 */
export interface AgentJsAction {
  /** The script's name in stack lines: `action-3.js`. */
  name: string;
  /** Put ahead of the body on its first line; stack columns on that line are given without it. */
  prelude: string;
  body: string;
  /** Top-level declarations, made properties of the global object before the body runs. */
  names: string[];
  outputCap: number;
}

/** What an action left, as the worker reports it (the page checks every field). */
export interface AgentJsResult {
  value?: string;
  rich: RichOutput[];
  error?: string;
  finalAnswer?: string;
  /** Files the action wrote or removed (removed: no text and no base64). */
  written: AgentFile[];
  removed: string[];
}

/** frame -> the session's worker; the first message carries the private port, the rest use it. */
export type FrameToAgentJsWorker =
  | { type: 'init'; port: MessagePort }
  | { type: 'files'; files: AgentFile[] }
  | { type: 'act'; id: number; action: AgentJsAction };

/** the session's worker -> frame, over the private port only; relayed to the page as is. */
export type AgentJsEvent =
  | { type: 'ready' }
  | { type: 'output'; id: number; stream: OutputStream; text: string; truncated?: boolean }
  | { type: 'result'; id: number; result: AgentJsResult }
  /** Said by the frame: the worker died or could not start. */
  | { type: 'crashed'; message: string };
