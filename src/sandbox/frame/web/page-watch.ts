// What the page does wrong, kept from the first moment: uncaught errors, unhandled rejections,
// console errors and warnings, and requests the page's CSP refused. The listeners are added
// before any of the page's own scripts run, as capture listeners on the window, so they hear
// each event first; events and their fields are read through getters taken now, so a page that
// patches ErrorEvent.prototype later changes nothing here. A page may still silence its own
// errors (a handler of its own that catches them does as much): that is no way to pass checks.
import { describeThrown } from '../javascript/errors.ts';
import { format } from '../javascript/inspect.ts';
import { append, apply, getOwnPropertyDescriptor, toText } from '../javascript/intrinsics.ts';

const getter = (proto: object, name: string): ((self: unknown) => unknown) => {
  const get = getOwnPropertyDescriptor(proto, name)!.get!;
  return (self) => apply(get, self, []);
};
const addListener = EventTarget.prototype.addEventListener;
const errorOf = getter(ErrorEvent.prototype, 'error');
const messageOf = getter(ErrorEvent.prototype, 'message');
const reasonOf = getter(PromiseRejectionEvent.prototype, 'reason');
const targetOf = getter(Event.prototype, 'target');
const blockedOf = getter(SecurityPolicyViolationEvent.prototype, 'blockedURI');
const directiveOf = getter(SecurityPolicyViolationEvent.prototype, 'effectiveDirective');

// Enough to say what went wrong without letting a page flood the report.
const MAX_ENTRIES = 50;
const MAX_TEXT = 2000;

const cut = (s: string): string => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

export interface Watch {
  errors: string[];
  console: string[];
}

function thrownText(err: unknown, fallback: string): string {
  if (err === undefined && fallback) return fallback;
  const d = describeThrown(err, ['checks.js'], 'checks.js', true);
  return d.type === 'Thrown' ? `Uncaught ${d.message}` : `${d.type}: ${d.message}`;
}

export function watchPage(win: Window & typeof globalThis): Watch {
  const watch: Watch = { errors: [], console: [] };
  const keep = (list: string[], text: string): void => {
    if (list.length < MAX_ENTRIES) append(list, cut(text));
  };
  const on = (target: EventTarget, type: string, fn: (e: Event) => void): void =>
    void apply(addListener, target, [type, fn, true]);
  on(win, 'error', (e) => {
    // isTrusted is the event's own unforgeable field: an ErrorEvent a page dispatches is no error.
    if (!e.isTrusted || targetOf(e) !== win) return;
    let text: string;
    try {
      text = thrownText(errorOf(e), toText(messageOf(e)));
    } catch {
      text = 'an uncaught error';
    }
    keep(watch.errors, text);
  });
  on(win, 'unhandledrejection', (e) => {
    if (!e.isTrusted) return;
    let text: string;
    try {
      text = `Unhandled rejection: ${thrownText(reasonOf(e), '')}`;
    } catch {
      text = 'an unhandled rejection';
    }
    keep(watch.errors, text);
  });
  on(win.document, 'securitypolicyviolation', (e) => {
    if (!e.isTrusted) return;
    try {
      keep(watch.console, `Refused (no network in a page): ${toText(blockedOf(e))} (${toText(directiveOf(e))})`);
    } catch {
      keep(watch.console, 'Refused a request (no network in a page)');
    }
  });
  const con = win.console;
  for (const level of ['error', 'warn'] as const) {
    const original = con[level];
    con[level] = (...args: unknown[]): void => {
      keep(watch.console, `${level === 'error' ? 'Error' : 'Warning'}: ${format(args)}`);
      apply(original, con, args);
    };
  }
  return watch;
}
