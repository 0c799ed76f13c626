// Lines the page writes whole, broken at spaces before xterm cuts them at the last column.
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

/**
 * The page's own lines (and the run's text it quotes) broken at spaces to fit `cols`, so a word
 * is not cut across two rows; a word longer than a row is still cut by xterm. A run's streamed
 * output is left as it came: its lines may arrive in pieces.
 */
export function wrapWords(text: string, cols: number): string {
  if (cols < 20 || text.includes('\x1b')) return text;
  return text
    .split('\n')
    .map((line) => {
      if (line.length <= cols) return line;
      const rows: string[] = [];
      let row = '';
      for (const word of line.split(/(?<= )/)) {
        if (row !== '' && row.length + word.trimEnd().length > cols) {
          rows.push(row.trimEnd());
          row = '';
        }
        row += word;
      }
      rows.push(row);
      return rows.join('\n');
    })
    .join('\n');
}
