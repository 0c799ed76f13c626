// Tells history views that the stored history changed, in this page and in the other tabs of
// the same site (through BroadcastChannel where it exists), so every open list stays current.

export type HistoryChangeKind = 'created' | 'attempt' | 'updated' | 'deleted' | 'imported' | 'interrupted';

export interface HistoryChange {
  kind: HistoryChangeKind;
  /** The sessions concerned. */
  ids: string[];
  /** True when the change was made by another tab. */
  remote: boolean;
}

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export type ChannelFactory = (name: string) => ChannelLike;

export function defaultChannelFactory(): ChannelFactory | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined;
  return (name) => new BroadcastChannel(name);
}

const KINDS: readonly string[] = ['created', 'attempt', 'updated', 'deleted', 'imported', 'interrupted'];

export class ChangeFeed {
  private readonly listeners = new Set<(change: HistoryChange) => void>();
  private readonly channel: ChannelLike | undefined;

  constructor(factory: ChannelFactory | undefined, name: string) {
    this.channel = factory?.(name);
    this.channel?.addEventListener('message', (event) => {
      const change = parse(event.data);
      if (change) this.deliver({ ...change, remote: true });
    });
  }

  emit(kind: HistoryChangeKind, ids: string[]): void {
    this.deliver({ kind, ids, remote: false });
    try {
      this.channel?.postMessage({ kind, ids });
    } catch {
      // A closed channel only means other tabs refresh later, on their own next change.
    }
  }

  on(listener: (change: HistoryChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.listeners.clear();
    this.channel?.close();
  }

  private deliver(change: HistoryChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        // One broken view must not stop the others from refreshing.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

function parse(data: unknown): Omit<HistoryChange, 'remote'> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { kind, ids } = data as { kind?: unknown; ids?: unknown };
  if (typeof kind !== 'string' || !KINDS.includes(kind)) return undefined;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined;
  return { kind: kind as HistoryChangeKind, ids: ids };
}
