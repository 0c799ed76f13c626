// Starts a candidate web page's frame. This script comes first in the page's document, so it runs
// before any of the page's own: it takes what the verdict depends on while nothing of the page
// exists yet, then leaves no trace in the document.
//
// The verdict's channel: a MessageChannel made here, one end posted to the page that made this
// frame as the frame's FIRST message, the other kept in this closure. The host listens only to
// that port, so anything the page posts (to its parent, or over ports of its own) is never taken
// for a report; the page cannot reach the kept end, and what arrives on it is read through
// getters taken now. The checks are compiled now, in strict mode, and kept here too: the page
// cannot read them from the document, and they are not sent in later where the page could listen.
import type { HostToPage, PageBootConfig, PageToHost } from '../../../shared/web.ts';
import { PAGE_HELLO } from '../../../shared/web.ts';
import { apply, getOwnPropertyDescriptor, promiseThen, toText } from '../javascript/intrinsics.ts';
import { compileChecks } from './page-checks.ts';
import { recordPristine } from './page-pristine.ts';
import { takePicture } from './page-picture.ts';
import { watchPage } from './page-watch.ts';

declare const __FIXPOINT_WEB__: PageBootConfig;

// How long the checks wait for the frame to have the task's size, and how often they look.
const SIZE_WAIT_MS = 1000;
const SIZE_POLL_MS = 20;

function boot(config: PageBootConfig): void {
  const win = window;
  const doc = document;
  doc.currentScript?.remove();
  const pristine = recordPristine(win);
  const checks = compileChecks(config.checks);
  const watch = watchPage(win);
  const channel = new MessageChannel();
  const port = channel.port1;
  const portPost = MessagePort.prototype.postMessage;
  const dataOf = getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!.get!;
  const send = (m: PageToHost): void => void apply(portPost, port, [m]);
  let started = false;
  // The frame's size as its parent set it, read through getters taken before the page's scripts.
  const innerWidth = getOwnPropertyDescriptor(win, 'innerWidth')?.get;
  const innerHeight = getOwnPropertyDescriptor(win, 'innerHeight')?.get;
  const sized = (): boolean =>
    !innerWidth ||
    !innerHeight ||
    (apply(innerWidth, win, []) === config.viewport.width && apply(innerHeight, win, []) === config.viewport.height);
  const timeout = setTimeout;
  port.onmessage = (e) => {
    let m: HostToPage | undefined;
    try {
      m = apply(dataOf, e, []) as HostToPage;
    } catch {
      return;
    }
    if (m?.type === 'ping') return send({ type: 'pong' });
    if (m?.type !== 'go' || started) return;
    started = true;
    // On a loaded machine the frame can load before its parent has given it its size: the checks
    // wait for the task's viewport (a moment at most), so a box is never measured in no layout.
    let waited = 0;
    const whenSized = (): void => {
      if (sized() || waited >= SIZE_WAIT_MS) return judge();
      waited += SIZE_POLL_MS;
      timeout(whenSized, SIZE_POLL_MS);
    };
    whenSized();
  };
  const judge = (): void => {
    const tampered = pristine.restore(doc);
    checks.run((outcome) => {
      const report = (picture?: string, pictureError?: string): void =>
        send({
          type: 'report',
          checks: outcome.checks,
          failure: tampered ?? outcome.failure,
          failureType: tampered ? 'Error' : outcome.failureType,
          line: outcome.line,
          errors: watch.errors,
          console: watch.console,
          picture,
          pictureError,
        });
      if (!config.picture) return report();
      let taking: Promise<string>;
      try {
        taking = takePicture(doc, config.viewport);
      } catch (err) {
        return report(undefined, toText(err));
      }
      // The built-in `then`, not the one the page may have put on Promise.prototype.
      void promiseThen(
        taking,
        (png: unknown) =>
          report(typeof png === 'string' ? png : undefined, typeof png === 'string' ? undefined : 'no picture'),
        (err: unknown) => report(undefined, toText(err instanceof Error ? err.message : err)),
      );
    });
  };
  win.parent.postMessage({ type: PAGE_HELLO }, '*', [channel.port2]);
}

boot(__FIXPOINT_WEB__);
