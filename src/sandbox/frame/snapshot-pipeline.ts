// The frame's side of Python's memory snapshot: the one handed in (this browser's own copy, read
// ahead while Python's files arrive, or the one built with the app, unpacked here), fed to each
// worker that restores from it, and the copy the page keeps for later visits (a fresh snapshot
// made on a first visit, or the unpacked copy of the built one). Without one, interpreters boot
// from scratch until one is made.
import type { FrameMessage, FrameToWorker } from '../../shared/sandbox-protocol.ts';
import { copyToKeep, readAhead, readLength, unpackSnapshot, type Unpacked } from './unpack-snapshot.ts';

export class SnapshotPipeline {
  // The snapshot handed in, being unpacked; `snapshot` once it is.
  private restoring: Promise<Unpacked> | undefined;
  // The memory it restores, which a worker needs first, and may know before the bytes are read.
  private restoringLength: Promise<number> | undefined;
  private snapshot: Blob | undefined;
  // It is the one built with the app, so its unpacked copy goes to the page to keep: also when a
  // server (vite preview among them) sent the .gz as Content-Encoding: gzip and it arrived unpacked.
  private unpacked = false;

  constructor(
    private readonly toPage: (m: FrameMessage<'frame'>) => void,
    private readonly mark: (moment: string) => void,
  ) {}

  /** Whether interpreters restore from a snapshot (one is handed in, or made). */
  get restores(): boolean {
    return this.restoring !== undefined;
  }

  /** Whether the page has a snapshot (or is handed one) to keep. */
  get made(): boolean {
    return this.snapshot !== undefined;
  }

  /** Whether the snapshot handed in is the one built with the app (the page keeps its unpacked copy). */
  get builtWithApp(): boolean {
    return this.unpacked;
  }

  /** Settles once the snapshot handed in is unpacked (at once without one); rejects if it cannot be. */
  get settled(): Promise<Unpacked> | undefined {
    return this.restoring;
  }

  /** This browser's own copy, sent ahead of Python's files: read at once. */
  ownCopy(blob: Blob): void {
    if (!this.restoring) this.restoreFrom(readAhead(blob), readLength(blob));
  }

  /** The one built with the app, when this browser has none: unpacked here. */
  builtCopy(blob: Blob): void {
    if (!this.restoring) this.restoreFrom(unpackSnapshot(blob));
  }

  /** The snapshot handed in does not unpack or no longer loads: interpreters boot from scratch. */
  reject(): void {
    this.restoring = this.restoringLength = this.snapshot = undefined;
    this.unpacked = false;
    this.toPage({ type: 'snapshot-rejected' });
  }

  /** A worker made one: later workers restore from it, and the page keeps a copy. */
  take(bytes: Blob): void {
    if (this.snapshot) return;
    this.snapshot = bytes;
    this.restoring = Promise.resolve({ bytes, length: bytes.size, built: false });
    this.restoringLength = Promise.resolve(bytes.size);
    void this.offerCopy(bytes);
  }

  /** Hands the page the unpacked copy of the one built with the app, if that is what was handed in. */
  async offerUnpacked(): Promise<void> {
    if (this.unpacked && this.snapshot) await this.offerCopy(this.snapshot);
  }

  /** Sends a worker that restores the memory's length, then the bytes, each once known. */
  feed(port: MessagePort): void {
    // Read here, beside the worker's own start, and moved over without a copy.
    void this.restoringLength?.then(
      (length) => port.postMessage({ type: 'snapshot-length', length } satisfies FrameToWorker),
      () => undefined,
    );
    void this.restoring
      ?.then((u) => {
        // The bytes read ahead serve the first worker; they move to it, so a later one reads again.
        const ahead = u.read;
        u.read = undefined;
        return ahead ?? u.bytes.arrayBuffer();
      })
      .then(
        (bytes) => port.postMessage({ type: 'snapshot', bytes } satisfies FrameToWorker, [bytes]),
        () => undefined,
      );
  }

  private restoreFrom(u: Promise<Unpacked>, length?: Promise<number>): void {
    this.restoring = u.then((got) => {
      this.mark('snapshot unpacked');
      this.unpacked = got.built;
      this.snapshot = got.bytes;
      return got;
    });
    this.restoring.catch(() => undefined);
    this.restoringLength = length ?? this.restoring.then((got) => got.length);
    this.restoringLength.catch(() => undefined);
  }

  /** Hands the page the copy to keep for later visits (whole if it could not be made smaller). */
  private async offerCopy(bytes: Blob): Promise<void> {
    this.toPage({ type: 'snapshot', bytes: await copyToKeep(bytes).catch(() => bytes) });
  }
}
