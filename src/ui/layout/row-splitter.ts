// The splitter between the code and the model's reply, in the centre column: drag it, or focus it
// and use the arrow keys (Shift for bigger steps), Home and End; a double click or Enter gives the
// default split back. The code panel's height is kept with the columns' widths (splitters.ts);
// neither panel gets shorter than its minimum. On a narrow screen the panels stack and it goes.
import { h } from '../common/dom.ts';
import { loadSizes, rem, saveSizes } from './splitters.ts';

const WIDE = '(min-width: 761px)';
const STEP = 16;
const BIG_STEP = 64;

export function installRowSplitter(centre: HTMLElement, code: HTMLElement, reply: HTMLElement): () => void {
  const codeMin = 12 * rem();
  const replyMin = 9 * rem();
  const wide = matchMedia(WIDE);
  let kept = loadSizes().code;
  const height = (el: HTMLElement): number => el.getBoundingClientRect().height;
  const shown = (el: HTMLElement): boolean => el.getClientRects().length > 0 && height(el) > 0;
  const maxOf = (): number => Math.max(codeMin, height(code) + height(reply) - replyMin);
  const clamp = (px: number): number => Math.round(Math.min(Math.max(px, codeMin), maxOf()));

  const handle = h('div', {
    class: 'splitter-row',
    role: 'separator',
    'aria-orientation': 'horizontal',
    'aria-label': 'Resize the code panel',
    'aria-controls': code.id,
    tabindex: 0,
    title: 'Drag, or use the arrow keys; double-click for the default height',
    'data-testid': 'splitter-code',
  });
  code.after(handle);

  function apply(px: number | undefined): void {
    if (px === undefined || !wide.matches) centre.style.removeProperty('--code-height');
    else centre.style.setProperty('--code-height', `${clamp(px)}px`);
    handle.hidden = !(wide.matches && shown(code) && shown(reply));
    const now = Math.round(height(code));
    handle.setAttribute('aria-valuenow', String(now));
    handle.setAttribute('aria-valuemin', String(Math.round(codeMin)));
    handle.setAttribute('aria-valuemax', String(Math.round(maxOf())));
    handle.setAttribute('aria-valuetext', `${now} pixels high`);
  }
  function set(px: number | undefined, keep = true): void {
    kept = px === undefined ? undefined : clamp(px);
    apply(kept);
    if (keep) saveSizes({ code: kept });
  }

  handle.addEventListener('keydown', (e) => {
    const now = height(code);
    const step = e.shiftKey ? BIG_STEP : STEP;
    const to: Record<string, number> = { ArrowUp: now - step, ArrowDown: now + step, Home: codeMin, End: maxOf() };
    if (e.key === 'Enter') {
      e.preventDefault();
      return set(undefined);
    }
    const px = to[e.key];
    if (px === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    set(px);
  });
  handle.addEventListener('dblclick', () => set(undefined));
  handle.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    handle.setPointerCapture(e.pointerId);
    handle.focus();
    const startY = e.clientY;
    const start = height(code);
    centre.classList.add('resizing-rows');
    const move = (m: PointerEvent): void => set(start + m.clientY - startY, false);
    const end = (): void => {
      handle.removeEventListener('pointermove', move);
      centre.classList.remove('resizing-rows');
      saveSizes({ code: kept });
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end, { once: true });
    handle.addEventListener('pointercancel', end, { once: true });
  });

  const fit = (): void => apply(kept);
  const observer = new ResizeObserver(fit);
  observer.observe(centre);
  wide.addEventListener('change', fit);
  fit();
  return () => {
    observer.disconnect();
    wide.removeEventListener('change', fit);
    handle.remove();
  };
}
