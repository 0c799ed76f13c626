// Plays one scripted step onto an HTTP response: a normal stream, a stream that fails, stalls
// or crawls, or an error reply before any streaming.
import type { ServerResponse } from 'node:http';
import type { Behaviour, ErrorBehaviour, StreamContext, WireFormat } from './wire-types.ts';

export interface ScriptedReply {
  text: string;
  reasoning?: string;
  /** Token counts to report; by default derived from the request and the reply. */
  usage?: { input: number; output: number };
  finishReason?: string;
}

export interface Step {
  behaviour?: Behaviour;
  reply?: string | ScriptedReply;
  /** Retry-After value sent with rate-limit / overloaded replies (seconds or an HTTP date). */
  retryAfter?: string;
  /** error-mid-stream / drop / end-early: how many text pieces go out first (default: half). */
  afterPieces?: number;
  /** slow: pause between pieces. */
  slowMs?: number;
  /** Pause before anything is sent, as a model that takes a while to start. */
  delayMs?: number;
}

interface PlayLog {
  framesSent: number;
  closedEarly: boolean;
}

export interface PlayOptions {
  wire: WireFormat;
  ctx: StreamContext;
  reply: ScriptedReply;
  step: Step;
  comments: boolean;
  chunkDelayMs: number;
  cors: Record<string, string>;
  log: PlayLog;
  closed: () => boolean;
}

const STREAM_BEHAVIOURS = new Set<Behaviour>([
  'reply',
  'error-mid-stream',
  'drop',
  'end-early',
  'hang',
  'hang-after-headers',
  'slow',
  'garbage',
]);

export function isErrorBehaviour(b: Behaviour): b is ErrorBehaviour {
  return !STREAM_BEHAVIOURS.has(b);
}

/** Word-sized pieces, roughly how tokens arrive. */
export function pieces(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function playError(res: ServerResponse, o: PlayOptions, kind: ErrorBehaviour): void {
  const reply = o.wire.errorReply(kind, o.ctx.model);
  const headers = { ...reply.headers, ...o.cors };
  if ((kind === 'rate-limit' || kind === 'overloaded' || kind === 'unavailable') && o.step.retryAfter !== undefined) {
    headers['retry-after'] = o.step.retryAfter;
  }
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

export async function playStream(res: ServerResponse, o: PlayOptions): Promise<void> {
  const behaviour = o.step.behaviour ?? 'reply';
  if (behaviour === 'hang') return; // Nothing is ever sent; the client must give up.
  res.writeHead(200, {
    'content-type': o.wire.contentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...o.cors,
  });
  if (behaviour === 'garbage') {
    // A success status, then something that is not this wire format at all.
    res.end(`data: {"choices": [ {"delta": ${'\u0000'}garbage\n\n{"message": not json}\n\x89PNG\r\n`);
    return;
  }
  const w = o.wire.writer(o.ctx);
  const send = async (frames: string[], delay = o.chunkDelayMs): Promise<boolean> => {
    for (const f of frames) {
      if (o.closed()) return false;
      res.write(f);
      o.log.framesSent += 1;
      if (delay > 0) await sleep(delay);
    }
    return !o.closed();
  };
  if (o.comments && o.wire.format !== 'ollama') {
    await send([': OPENROUTER PROCESSING\n\n', ': OPENROUTER PROCESSING\n\n']);
  }
  await send(w.start());
  const text = pieces(o.reply.text);
  if (behaviour === 'slow') {
    const every = o.step.slowMs ?? 50;
    for (let i = 0; i < 2000; i++) if (!(await send(w.text(`tick ${i} `), every))) return;
    await send(w.finish());
    res.end();
    return;
  }
  for (const r of pieces(o.reply.reasoning ?? '')) await send(w.reasoning(r));
  const cut =
    behaviour === 'reply' ? text.length : Math.min(text.length, o.step.afterPieces ?? Math.floor(text.length / 2));
  for (const t of text.slice(0, cut)) await send(w.text(t));
  if (behaviour === 'error-mid-stream') {
    await send(w.error());
    res.end();
  } else if (behaviour === 'drop') {
    // Cut the connection without the chunked terminator, as a crashed upstream does; the pause
    // lets the frames already written reach the client first.
    await sleep(30);
    res.socket?.destroy();
  } else if (behaviour === 'end-early') {
    // A clean end of the body, but without the format's end marker.
    res.end();
  } else if (behaviour === 'hang-after-headers') {
    return;
  } else {
    await send(w.finish());
    res.end();
  }
}
