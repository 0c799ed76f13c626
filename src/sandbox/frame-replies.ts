// The one place where the frame's messages meet what the page asked for (as Svelte's REPL does
// in its ReplProxy): a message goes to whoever expects its channel and id, or else to the
// channel's listeners. Each reader then switches over its own channel's messages only.
import { readEnvelope, type Channel, type FrameMessage } from '../shared/sandbox-protocol.ts';

type Handler = (msg: never, id: number) => void;

export class FrameReplies {
  private readonly expected = new Map<Channel, Map<number, Handler>>();
  private readonly listeners = new Map<Channel, Handler[]>();

  /** Messages on `channel` about `id` go to `on` until the returned function is called. */
  expect<C extends Channel>(channel: C, id: number, on: (msg: FrameMessage<C>) => void): () => void {
    let byId = this.expected.get(channel);
    if (!byId) this.expected.set(channel, (byId = new Map()));
    const handler: Handler = (msg) => on(msg);
    byId.set(id, handler);
    return () => {
      if (byId.get(id) === handler) byId.delete(id);
    };
  }

  /** Messages on `channel` that nothing expects: a channel's own start-up, a late word on a run. */
  listen<C extends Channel>(channel: C, on: (msg: FrameMessage<C>, id: number) => void): void {
    const list = this.listeners.get(channel) ?? [];
    list.push(on);
    this.listeners.set(channel, list);
  }

  /**
   * Routes what arrived, as data of unknown shape: only an envelope of a known channel with a
   * numeric id and a typed message goes on; its reader checks the fields it uses.
   */
  dispatch(data: unknown): void {
    const m = readEnvelope(data);
    if (!m) return;
    const msg = m.msg as never;
    const handler = this.expected.get(m.channel)?.get(m.id);
    if (handler) return handler(msg, m.id);
    for (const l of this.listeners.get(m.channel) ?? []) l(msg, m.id);
  }
}
