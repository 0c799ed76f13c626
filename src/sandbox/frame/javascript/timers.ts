// Timers that keep the program alive as node's do: the run ends when none is pending (a pending
// promise alone does not hold it), and an interval holds it until the time limit. Callbacks run
// through `guard`, so a throw in one is the run's uncaught error.
import { apply, create, TypeErrorCtor } from './intrinsics.ts';
import { inspect } from './inspect.ts';

const realSetTimeout = setTimeout;
const realClearTimeout = clearTimeout;
// Node clamps delays outside 1..2**31-1 to 1 ms.
const delay = (ms: unknown): number => {
  const n = Number(ms);
  return n >= 1 && n <= 2 ** 31 - 1 ? n : 1;
};

class Timeout {
  constructor(
    readonly id: number,
    private readonly owner: Timers,
  ) {}
  ref(): this {
    this.owner.ref(this.id, true);
    return this;
  }
  unref(): this {
    this.owner.ref(this.id, false);
    return this;
  }
  hasRef(): boolean {
    return this.owner.hasRef(this.id);
  }
  refresh(): this {
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.id;
  }
}

interface Entry {
  handle: ReturnType<typeof setTimeout>;
  ref: boolean;
}

export class Timers {
  private live: Record<number, Entry> = create(null) as Record<number, Entry>;
  private nextId = 1;
  /** Timers that keep the program alive. */
  pending = 0;

  constructor(
    private readonly guard: (fn: () => void) => void,
    private readonly changed: () => void,
  ) {}

  set(fn: unknown, ms: unknown, args: unknown[], repeat: boolean): Timeout {
    if (typeof fn !== 'function')
      throw new TypeErrorCtor(`The "callback" argument must be of type function. Received ${inspect(fn)}`);
    const id = this.nextId++;
    const wait = delay(ms);
    const fire = (): void => {
      const e = this.live[id];
      if (!e) return;
      if (repeat) e.handle = realSetTimeout(fire, wait);
      else this.drop(id);
      this.guard(() => void apply(fn, undefined, args));
      this.changed();
    };
    this.live[id] = { handle: realSetTimeout(fire, wait), ref: true };
    this.pending++;
    return new Timeout(id, this);
  }

  clear(t: unknown): void {
    const id = t instanceof Timeout ? t.id : Number(t);
    if (this.live[id]) {
      realClearTimeout(this.live[id].handle);
      this.drop(id);
      this.changed();
    }
  }

  ref(id: number, on: boolean): void {
    const e = this.live[id];
    if (!e || e.ref === on) return;
    e.ref = on;
    this.pending += on ? 1 : -1;
    this.changed();
  }

  hasRef(id: number): boolean {
    return this.live[id]?.ref === true;
  }

  private drop(id: number): void {
    const e = this.live[id];
    if (!e) return;
    if (e.ref) this.pending--;
    delete this.live[id];
  }
}
