// The run's output as the page writes it. xterm (xterm-terminal.ts, its own chunk) loads after
// first paint; what is written before it arrives is kept and replayed into it, and text() never
// depends on it. The output is also kept as plain text in the page, for screen readers (xterm's
// drawing is hidden from them), and the area takes focus and scrolls with the keyboard.

import { h } from '../common/dom.ts';

type TerminalStyle = 'stdout' | 'stderr' | 'info' | 'ok' | 'fail';

export interface Terminal {
  write(text: string, style?: TerminalStyle): void;
  clear(): void;
  /** Everything written since the last clear, as plain text (for tests and copy). */
  text(): string;
  dispose(): void;
}

export function createTerminal(host: HTMLElement): Terminal {
  host.tabIndex = 0;
  host.setAttribute('role', 'region');
  host.setAttribute('aria-label', 'Run output');
  const alt = document.createTextNode('');
  host.append(h('pre', { class: 'visually-hidden terminal-text' }, alt));
  let real: Terminal | undefined;
  let early: [string, TerminalStyle | undefined][] = [];
  let plain = '';
  let disposed = false;
  void import('./xterm-terminal.ts').then(({ createXTerm }) => {
    if (disposed) return;
    real = createXTerm(host);
    for (const [text, style] of early) real.write(text, style);
    early = [];
  });
  return {
    write(text, style) {
      plain += text;
      alt.appendData(text);
      if (real) real.write(text, style);
      else early.push([text, style]);
    },
    clear() {
      plain = '';
      alt.data = '';
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
