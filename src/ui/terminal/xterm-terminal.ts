// The only module that knows about xterm; loaded after first paint (terminal.ts stands in until then).
// The drawing is for eyes only: terminal.ts keeps the same text for screen readers and makes the
// area focusable; here the keys scroll it. Colours keep 4.5:1 on the dark background in both themes,
// and on the band under the page's own lines.
import { Terminal as XTerm } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { columnAfter, wrapWords } from './wrap-words.ts';
import '@xterm/xterm/css/xterm.css';
import type { TerminalDrawing, TerminalStyle } from './terminal.ts';

const COLOURS: Record<TerminalStyle, string> = {
  stdout: '',
  stderr: '\x1b[31m',
  quote: '\x1b[31m',
  info: '\x1b[36m',
  ok: '\x1b[32m',
  fail: '\x1b[31;1m',
};
const RESET = '\x1b[0m';
/**
 * The page's own lines are drawn on this band. The escape filter drops every background a run
 * asks for, so a run's text can copy their words and colours but never this.
 */
const BAND = '\x1b[48;2;43;50;64m';
const PAGE_LINES = new Set<TerminalStyle>(['info', 'ok', 'fail']);

const THEME = {
  background: '#111318',
  foreground: '#e6e6e6',
  red: '#ff7b72',
  brightRed: '#ffa198',
  green: '#7ee787',
  cyan: '#79c0ff',
};

/** Arrow keys, Page Up/Down, Home and End scroll the output while the area has focus. */
function scrollKeys(xterm: XTerm, e: KeyboardEvent): boolean {
  const lines: Record<string, () => void> = {
    ArrowUp: () => xterm.scrollLines(-1),
    ArrowDown: () => xterm.scrollLines(1),
    PageUp: () => xterm.scrollPages(-1),
    PageDown: () => xterm.scrollPages(1),
    Home: () => xterm.scrollToTop(),
    End: () => xterm.scrollToBottom(),
  };
  const act = lines[e.key];
  if (!act || e.ctrlKey || e.metaKey || e.altKey) return false;
  act();
  return true;
}

/** Text already through the escape filter, in its style; a run's colours never spill into the next write. */
function styled(safe: string, style: TerminalStyle): string {
  if (style === 'stdout') return safe;
  if (!PAGE_LINES.has(style)) return `${RESET}${COLOURS[style]}${safe}${RESET}`;
  return safe
    .split('\n')
    .map((line) => (line ? `${RESET}${BAND}${COLOURS[style]}${line}${RESET}` : line))
    .join('\n');
}

export function createXTerm(host: HTMLElement): TerminalDrawing {
  const xterm = new XTerm({
    convertEol: true,
    fontSize: 13,
    scrollback: 5000,
    disableStdin: true,
    theme: THEME,
    // The filter lets no OSC 8 link through; were one to slip by, it would open nothing.
    linkHandler: { activate: () => undefined },
  });
  const fit = new FitAddon();
  xterm.loadAddon(fit);
  xterm.open(host);
  xterm.element?.setAttribute('aria-hidden', 'true');
  // One tab stop for the area (the host), not a second one inside xterm that takes no input.
  xterm.textarea?.setAttribute('tabindex', '-1');
  const onKey = (e: KeyboardEvent): void => {
    if (scrollKeys(xterm, e)) e.preventDefault();
  };
  host.addEventListener('keydown', onKey);
  const observer = new ResizeObserver(() => fit.fit());
  // Where the cursor is, counted from what was written: xterm parses writes later.
  let column = 0;
  observer.observe(host);
  return {
    write(safe, style) {
      const whole = style !== 'stdout' && style !== 'stderr';
      const text = whole ? wrapWords(safe, xterm.cols, column) : safe;
      column = columnAfter(text, column);
      xterm.write(styled(text, style));
    },
    clear() {
      // Through the write queue (RIS), not reset(): xterm parses writes later, so a reset() here
      // would run before output written just before it and leave that output on the screen.
      xterm.write('\x1bc');
      column = 0;
    },
    dispose() {
      host.removeEventListener('keydown', onKey);
      observer.disconnect();
      xterm.dispose();
    },
  };
}
