// The run's output as the page writes it. xterm (xterm-terminal.ts, its own chunk) loads after
// first paint; what is written before it arrives is kept and replayed into it, and text() never
// depends on it. The output is also kept as plain text in the page, for screen readers (xterm's
// drawing is hidden from them), and the area takes focus and scrolls with the keyboard.
// Everything written passes the escape filter here, before either copy: a run's output may keep
// its colours and nothing else, and the page's own lines keep none, so only the page draws them.

import { h } from '../common/dom.ts';
import { createEscapeFilter, filterEscapes, withoutColours, type EscapeFilter } from './escape-filter.ts';

/**
 * `stdout` and `stderr` stream from the run; `quote` is the run's text the page writes whole (a
 * traceback, what a test got); `info`, `ok` and `fail` are the page's own lines.
 */
export type TerminalStyle = 'stdout' | 'stderr' | 'quote' | 'info' | 'ok' | 'fail';

export interface Terminal {
  write(text: string, style?: TerminalStyle): void;
  clear(): void;
  /** Everything written since the last clear, as plain text (for tests and copy). */
  text(): string;
  dispose(): void;
}

/** What reaches xterm: already filtered, so it only adds the style's colours. */
export interface TerminalDrawing {
  write(safe: string, style: TerminalStyle): void;
  clear(): void;
  dispose(): void;
}

const isPageLine = (style: TerminalStyle): boolean => style === 'info' || style === 'ok' || style === 'fail';

/** How much the run printed since the last clear: lines on stdout and stderr together, and on stderr. */
export interface ConsoleCount {
  lines: number;
  stderr: number;
}

export function createTerminal(host: HTMLElement, onCount?: (count: ConsoleCount) => void): Terminal {
  host.tabIndex = 0;
  host.setAttribute('role', 'region');
  host.setAttribute('aria-label', 'Run output');
  // Lines ended by a newline, and whether the last one is still unfinished: per stream for stderr.
  const count = { ended: 0, open: false, errEnded: 0, errOpen: false };
  const countLines = (text: string, stream: 'stdout' | 'stderr'): void => {
    if (!text) return;
    const ended = text.split('\n').length - 1;
    count.ended += ended;
    count.open = !text.endsWith('\n');
    if (stream === 'stderr') {
      count.errEnded += ended;
      count.errOpen = !text.endsWith('\n');
    }
    onCount?.({ lines: count.ended + Number(count.open), stderr: count.errEnded + Number(count.errOpen) });
  };
  const alt = document.createTextNode('');
  host.append(h('pre', { class: 'visually-hidden terminal-text' }, alt));
  let real: TerminalDrawing | undefined;
  let early: [string, TerminalStyle][] = [];
  let plain = '';
  let disposed = false;
  // One per stream: a sequence cut between two chunks of stdout is not finished by stderr.
  let streams: Record<'stdout' | 'stderr', EscapeFilter> = fresh();
  void import('./xterm-terminal.ts').then(({ createXTerm }) => {
    if (disposed) return;
    real = createXTerm(host);
    for (const [text, style] of early) real.write(text, style);
    early = [];
  });
  return {
    write(text, style = 'stdout') {
      const filtered = style === 'stdout' || style === 'stderr' ? streams[style].push(text) : filterEscapes(text);
      const safe = isPageLine(style) ? withoutColours(filtered) : filtered;
      if (!safe) return;
      const shown = withoutColours(safe);
      if (style === 'stdout' || style === 'stderr') countLines(shown, style);
      plain += shown;
      alt.appendData(shown);
      if (real) real.write(safe, style);
      else early.push([safe, style]);
    },
    clear() {
      Object.assign(count, { ended: 0, open: false, errEnded: 0, errOpen: false });
      onCount?.({ lines: 0, stderr: 0 });
      plain = '';
      alt.data = '';
      streams = fresh();
      if (real) real.clear();
      else early = [];
    },
    text: () => plain,
    dispose() {
      disposed = true;
      real?.dispose();
    },
  };
}

function fresh(): Record<'stdout' | 'stderr', EscapeFilter> {
  return { stdout: createEscapeFilter(), stderr: createEscapeFilter() };
}
