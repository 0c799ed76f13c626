// The only module that knows about xterm; loaded after first paint (terminal.ts stands in until then).
import { Terminal as XTerm } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import type { Terminal } from './terminal.ts';

const COLOURS = { stdout: '', stderr: '\x1b[31m', info: '\x1b[36m', ok: '\x1b[32m', fail: '\x1b[31;1m' } as const;

export function createXTerm(host: HTMLElement): Terminal {
  const xterm = new XTerm({
    convertEol: true,
    fontSize: 13,
    scrollback: 5000,
    disableStdin: true,
    theme: { background: '#111318' },
  });
  const fit = new FitAddon();
  xterm.loadAddon(fit);
  xterm.open(host);
  const observer = new ResizeObserver(() => fit.fit());
  observer.observe(host);
  let plain = '';
  return {
    write(text, style = 'stdout') {
      plain += text;
      const colour = COLOURS[style];
      xterm.write(colour ? `${colour}${text}\x1b[0m` : text);
    },
    clear() {
      plain = '';
      // Through the write queue (RIS), not reset(): xterm parses writes later, so a reset() here
      // would run before output written just before it and leave that output on the screen.
      xterm.write('\x1bc');
    },
    text: () => plain,
    dispose() {
      observer.disconnect();
      xterm.dispose();
    },
  };
}
