// Splitters between the main view's columns on a wide screen: drag one with the mouse, or focus
// it and move it with the arrow keys (Shift for bigger steps), Home and End for the smallest and
// largest its panel may be; a double click (or Enter) puts the default back. Widths are kept in
// localStorage, and no column is ever made narrower than its minimum, however small the window.
import { h } from '../common/dom.ts';

const SIZES_KEY = 'fixpoint.panel-sizes';

/** Narrower than this the columns stack, and the splitters go. */
const WIDE = '(min-width: 1101px)';
const STEP = 16;
const BIG_STEP = 64;

interface Split {
  /** The column this splitter sizes; it sits on the splitter's left for 'task', on its right for 'results'. */
  name: 'task' | 'results';
  column: HTMLElement;
  label: string;
  /** Smallest width of the column, in px. */
  min: number;
}

/** Widths of the task and results columns and the height of the code panel, in px. */
type Sizes = Partial<Record<'task' | 'results' | 'code', number>>;

export function loadSizes(): Sizes {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(SIZES_KEY) ?? '{}');
    if (!raw || typeof raw !== 'object') return {};
    const out: Sizes = {};
    for (const name of ['task', 'results', 'code'] as const) {
      const v = (raw as Record<string, unknown>)[name];
      if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[name] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/** Keeps these sizes (undefined: forget one) beside the others kept. */
export function saveSizes(sizes: Sizes): void {
  try {
    localStorage.setItem(SIZES_KEY, JSON.stringify({ ...loadSizes(), ...sizes }));
  } catch {
    // Storage full or refused: the sizes last until the page closes.
  }
}

export const rem = (): number => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * Adds the splitters to `main` (a grid whose column widths read `--task-width` and
 * `--results-width`); `centre` is the column that takes what is left, kept at its minimum width.
 */
export function installSplitters(
  main: HTMLElement,
  cols: { task: HTMLElement; centre: HTMLElement; results: HTMLElement },
): () => void {
  const splits: Split[] = [
    { name: 'task', column: cols.task, label: 'Resize the task panel', min: 14 * rem() },
    { name: 'results', column: cols.results, label: 'Resize the results panel', min: 20 * rem() },
  ];
  const centreMin = 20 * rem();
  const wide = matchMedia(WIDE);
  const sizes = loadSizes();
  const handles = new Map<Split, HTMLElement>();

  const width = (el: HTMLElement): number => el.getBoundingClientRect().width;
  const shown = (el: HTMLElement): boolean => el.getClientRects().length > 0 && width(el) > 0;
  /** The most a column may take: the rest of the row, less the other column and the centre's minimum. */
  function maxOf(s: Split): number {
    const style = getComputedStyle(main);
    const inner = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const gaps = 2 * (parseFloat(style.columnGap) || 0);
    const other = splits.find((o) => o !== s)!;
    const otherWidth = shown(other.column) ? width(other.column) : 0;
    return Math.max(s.min, inner - gaps - otherWidth - centreMin);
  }
  const clamp = (s: Split, px: number): number => Math.round(Math.min(Math.max(px, s.min), maxOf(s)));

  function apply(s: Split, px: number | undefined): void {
    if (px === undefined) main.style.removeProperty(`--${s.name}-width`);
    else main.style.setProperty(`--${s.name}-width`, `${clamp(s, px)}px`);
  }

  /** Puts each splitter in the gap beside its column, with its value, or hides it. */
  function place(): void {
    const box = main.getBoundingClientRect();
    for (const [s, handle] of handles) {
      const on = wide.matches && shown(s.column) && shown(cols.centre);
      handle.hidden = !on;
      if (!on) continue;
      const col = s.column.getBoundingClientRect();
      const centre = cols.centre.getBoundingClientRect();
      // Centred in the gap between the column and the centre.
      const left = s.name === 'task' ? (col.right + centre.left) / 2 : (centre.right + col.left) / 2;
      handle.style.left = `${left - box.left + main.scrollLeft}px`;
      handle.setAttribute('aria-valuenow', String(Math.round(col.width)));
      handle.setAttribute('aria-valuemin', String(Math.round(s.min)));
      handle.setAttribute('aria-valuemax', String(Math.round(maxOf(s))));
      handle.setAttribute('aria-valuetext', `${Math.round(col.width)} pixels wide`);
    }
  }

  function set(s: Split, px: number | undefined, keep = true): void {
    apply(s, px);
    sizes[s.name] = px === undefined ? undefined : clamp(s, px);
    if (keep) saveSizes({ [s.name]: sizes[s.name] });
    place();
  }

  for (const s of splits) {
    const handle = h('div', {
      class: `splitter splitter-${s.name}`,
      role: 'separator',
      'aria-orientation': 'vertical',
      'aria-label': s.label,
      'aria-controls': s.column.id,
      tabindex: 0,
      title: 'Drag, or use the arrow keys; double-click for the default width',
      'data-testid': `splitter-${s.name}`,
    });
    // A move of the splitter to the right widens the task column and narrows the results column.
    const sign = s.name === 'task' ? 1 : -1;
    handle.addEventListener('keydown', (e) => {
      const now = width(s.column);
      const step = e.shiftKey ? BIG_STEP : STEP;
      const to: Record<string, number | undefined> = {
        ArrowLeft: now - sign * step,
        ArrowRight: now + sign * step,
        Home: s.min,
        End: maxOf(s),
      };
      if (e.key === 'Enter') {
        e.preventDefault();
        return set(s, undefined);
      }
      const px = to[e.key];
      if (px === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      set(s, px);
    });
    handle.addEventListener('dblclick', () => set(s, undefined));
    handle.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      handle.setPointerCapture(e.pointerId);
      handle.focus();
      const startX = e.clientX;
      const start = width(s.column);
      main.classList.add('resizing');
      const move = (m: PointerEvent): void => set(s, start + sign * (m.clientX - startX), false);
      const end = (): void => {
        handle.removeEventListener('pointermove', move);
        main.classList.remove('resizing');
        saveSizes({ [s.name]: sizes[s.name] });
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', end, { once: true });
      handle.addEventListener('pointercancel', end, { once: true });
    });
    handles.set(s, handle);
    main.append(handle);
  }

  // Kept sizes are applied as they fit this window; the kept value stays for a wider one.
  const fit = (): void => {
    for (const s of splits) apply(s, sizes[s.name]);
    place();
  };
  const observer = new ResizeObserver(fit);
  for (const el of [main, cols.task, cols.centre, cols.results]) observer.observe(el);
  wide.addEventListener('change', fit);
  fit();
  return () => {
    observer.disconnect();
    wide.removeEventListener('change', fit);
    for (const handle of handles.values()) handle.remove();
  };
}
