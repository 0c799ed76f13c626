// The live preview of an attempt's page: the candidate in a sandboxed frame of its own (an opaque
// origin, the same no-network policy the checks run under), shown at the task's viewport and
// scaled to the panel. Pages share the sandbox's renderer process, so a preview that stops
// answering its ping is removed at once.
import { PAGE_CSP, type Viewport } from '../../../shared/web.ts';
import { h } from '../../common/dom.ts';

const PING_MS = 1000;

/** A tiny script first in the preview: it answers pings, so a page that loops is noticed. */
const PONG = `<script>addEventListener('message', (e) => { if (e.data === 'fixpoint-preview-ping') parent.postMessage('fixpoint-preview-pong', '*'); });</script>`;

export interface LiveFrame {
  readonly el: HTMLElement;
  dispose(): void;
}

export function mountLiveFrame(html: string, viewport: Viewport, onStuck: () => void): LiveFrame {
  const frame = h('iframe', {
    class: 'web-live-frame',
    title: 'Live preview of the page',
    sandbox: 'allow-scripts',
    width: String(viewport.width),
    height: String(viewport.height),
  });
  frame.srcdoc = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">${PONG}${html}`;
  const box = h('div', { class: 'web-live-box' }, frame);
  const fit = (): void => {
    const k = Math.min(1, box.clientWidth / viewport.width || 1);
    frame.style.transform = `scale(${k})`;
    box.style.height = `${Math.ceil(viewport.height * k)}px`;
  };
  const resize = new ResizeObserver(fit);
  resize.observe(box);
  let answered = true;
  const onMessage = (e: MessageEvent): void => {
    if (e.source === frame.contentWindow && e.data === 'fixpoint-preview-pong') answered = true;
  };
  window.addEventListener('message', onMessage);
  const timer = setInterval(() => {
    if (!answered) {
      dispose();
      onStuck();
      return;
    }
    answered = false;
    frame.contentWindow?.postMessage('fixpoint-preview-ping', '*');
  }, PING_MS);
  function dispose(): void {
    clearInterval(timer);
    resize.disconnect();
    window.removeEventListener('message', onMessage);
    box.remove();
  }
  return { el: box, dispose };
}
