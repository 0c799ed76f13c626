// The run's output as the page writes it. xterm (xterm-terminal.ts, its own chunk) loads after
// first paint; what is written before it arrives is kept and replayed into it, and text() never
// depends on it.

type TerminalStyle = 'stdout' | 'stderr' | 'info' | 'ok' | 'fail';

export interface Terminal {
  write(text: string, style?: TerminalStyle): void;
  clear(): void;
  /** Everything written since the last clear, as plain text (for tests and copy). */
  text(): string;
  dispose(): void;
}

export function createTerminal(host: HTMLElement): Terminal {
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
      if (real) real.write(text, style);
      else early.push([text, style]);
    },
    clear() {
      plain = '';
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
