// Which memory snapshot a sandbox frame is handed, and what is kept for later visits: this
// browser's stored copy comes first; else the one built with the app, whose unpacked copy the
// frame sends back once Python is up from it; else none, and the frame makes one. `cached`
// settles once whatever later visits need is stored, or nothing is.
import { deferred } from '../shared/deferred.ts';
import type { Lookup } from './frame-assets.ts';
import type { SnapshotCache } from './snapshot-cache.ts';

let firstLookupUsed = false;
// Frames opened side by side all unpack the snapshot built with the app; one stores the copy.
let unpackedStored = false;

export interface Handoff {
  snapshot?: Blob;
  /** It is the one built with the app (compressed), not this browser's copy. */
  builtSnapshot: boolean;
}

type Own = Pick<Lookup, 'snapshots' | 'ownSnapshot'>;

export interface SnapshotHandoff {
  readonly cached: Promise<void>;
  /** This browser's copy if there is one (without waiting for `built`), else the built one. */
  choose(lookup: Own, built: () => Promise<Blob | undefined>): Promise<Handoff>;
  /** Python is up; `unpacked`: from the built snapshot, whose unpacked copy follows. */
  ready(unpacked: boolean): void;
  /** A snapshot from the frame: one it made, or the unpacked copy. */
  offered(bytes: Blob): void;
  rejected(): void;
  /** Python will not start: nothing will be stored. */
  gaveUp(): void;
}

export function snapshotHandoff(): SnapshotHandoff {
  let snapshots: SnapshotCache | undefined;
  const { promise: cached, resolve: markCached } = deferred();
  // Whether a snapshot was handed to the frame, and 'refused' if it would not load (the frame then
  // makes one, which is stored before the page counts as cached).
  let handed: 'no' | 'yes' | 'refused' = 'no';
  let keepsCopy = false;
  return {
    cached,
    choose: async (lookup, built) => {
      snapshots = lookup.snapshots;
      // A later frame looks again: the first one may have stored one since.
      const own = firstLookupUsed ? await snapshots.load() : lookup.ownSnapshot;
      firstLookupUsed = true;
      const snapshot = own ?? (await built());
      if (snapshot) handed = 'yes';
      return { snapshot, builtSnapshot: !own && snapshot !== undefined };
    },
    ready: (unpacked) => {
      if (handed !== 'yes') return;
      // Stored, later visits skip the unpacking; storing it replaces older builds' copies.
      if (unpacked && !unpackedStored) unpackedStored = keepsCopy = true;
      else markCached();
    },
    offered: (bytes) => {
      if (handed !== 'yes' || keepsCopy) void snapshots?.save(bytes).finally(markCached);
    },
    rejected: () => {
      // The first refusal is of the snapshot handed in; any other means none could be made.
      if (handed === 'yes') {
        handed = 'refused';
        void snapshots?.drop();
      } else markCached();
    },
    gaveUp: () => markCached(),
  };
}
