// The "Web page" kind's panel: the selected attempt's picture as the checks saw it, its live
// preview on demand, the page's errors and console, and whether pictures go to the model.
import type { RunResult } from '../../../shared/run.ts';
import type { Task } from '../../../shared/task.ts';
import type { Attempt } from '../../../shared/session.ts';
import { DEFAULT_VIEWPORT } from '../../../shared/web.ts';
import { h, setText } from '../../common/dom.ts';
import { mountLiveFrame, type LiveFrame } from './live-frame.ts';

const PICTURES_KEY = 'fixpoint.webPictures';

/** Whether the loop sends each page's picture to the model (a setting kept in this browser). */
export function picturesOn(): boolean {
  try {
    return localStorage.getItem(PICTURES_KEY) !== 'off';
  } catch {
    return true;
  }
}

export interface WebPageView {
  /** Shows an attempt of a web task; undefined clears the panel. */
  show(attempt: Attempt | undefined, task: Task | undefined): void;
  /** Shows a page run by hand (Run once). */
  showRun(code: string, result: RunResult, task: Task): void;
}

interface Shown {
  /** "Attempt 2", "Run once". */
  label: string;
  candidate: string | undefined;
  result: RunResult | undefined;
  task: Task;
}

export interface WebPageViewOptions {
  /** A live page stopped answering: the sandbox, whose process it shares, must be renewed. */
  onLiveStuck?(): void;
}

export function mountWebPageView(root: HTMLElement, opts: WebPageViewOptions = {}): WebPageView {
  const caption = h('p', { class: 'web-caption', hidden: true });
  const liveCaption = h('p', { class: 'web-caption', hidden: true }, 'The live page: try it.');
  const picture = h('img', { class: 'web-picture', alt: '', 'data-testid': 'web-picture', hidden: true });
  const none = h('p', { class: 'web-none' }, 'Run the loop or Run once: the rendered page appears here.');
  const liveButton = h('button', { type: 'button', class: 'web-live-button', hidden: true }, 'Show the live page');
  const liveHost = h('div', { class: 'web-live-host' });
  const log = h('ul', { class: 'web-console', 'aria-label': "The page's errors and console", hidden: true });
  const send = h('input', { type: 'checkbox', id: 'web-send-pictures' });
  send.checked = picturesOn();
  send.addEventListener('change', () => {
    try {
      localStorage.setItem(PICTURES_KEY, send.checked ? 'on' : 'off');
    } catch {
      // Storage refused: the box still holds for this page.
    }
  });
  root.append(
    h(
      'div',
      { class: 'web-page-view', 'data-testid': 'web-page-view' },
      none,
      caption,
      picture,
      liveButton,
      liveCaption,
      liveHost,
      log,
      h('label', { class: 'web-send', for: 'web-send-pictures' }, send, ' Send the picture of each page to the model'),
    ),
  );
  let live: LiveFrame | undefined;
  let current: Shown | undefined;
  const closeLive = (): void => {
    live?.dispose();
    live = undefined;
    liveCaption.hidden = true;
  };
  liveButton.addEventListener('click', () => {
    if (live) return (closeLive(), setText(liveButton, 'Show the live page'));
    if (!current?.candidate) return;
    const viewport = (current.task.tests.kind === 'web' && current.task.tests.viewport) || DEFAULT_VIEWPORT;
    live = mountLiveFrame(current.candidate, viewport, () => {
      live = undefined;
      opts.onLiveStuck?.();
      liveCaption.hidden = true;
      liveButton.hidden = true;
      setText(none, 'The live page stopped answering (a script that never ends?) and was closed.');
      none.hidden = false;
    });
    liveHost.append(live.el);
    liveCaption.hidden = false;
    setText(liveButton, 'Hide the live page');
  });

  function render(shown: Shown | undefined): void {
    closeLive();
    setText(liveButton, 'Show the live page');
    current = shown;
    const web = shown?.result?.web;
    const label = shown?.label ?? '';
    picture.hidden = !web?.picture;
    caption.hidden = !web?.picture;
    setText(caption, `${label}, as its checks saw it:`);
    if (web?.picture) {
      picture.src = web.picture;
      picture.alt = `${label}: the page as it rendered`;
    } else picture.removeAttribute('src');
    none.hidden = !!web?.picture;
    setText(
      none,
      !shown
        ? 'Run the loop or Run once: the rendered page appears here.'
        : shown.result?.status === 'timed out'
          ? `${label}: the page did not settle before the time limit, so it has no picture.`
          : web?.pictureError
            ? `${label}: no picture (${web.pictureError}).`
            : shown.candidate === undefined
              ? `${label}: the reply had no page.`
              : `${label}: no picture was taken (pictures are off).`,
    );
    // A page that ran out its time would freeze the preview as well: it gets no live view.
    liveButton.hidden = shown?.candidate === undefined || shown.result?.status === 'timed out';
    const lines = [
      ...(web?.errors ?? []).map((text) => ({ kind: 'error', text })),
      ...(web?.console ?? []).map((text) => ({ kind: 'console', text })),
    ];
    log.replaceChildren(...lines.map((l) => h('li', { class: `web-console-${l.kind}` }, l.text)));
    log.hidden = lines.length === 0;
  }

  return {
    show: (attempt, task) =>
      render(
        attempt && task
          ? { label: `Attempt ${attempt.index + 1}`, candidate: attempt.candidate, result: attempt.result, task }
          : undefined,
      ),
    showRun: (code, result, task) => render({ label: 'Run once', candidate: code, result, task }),
  };
}
