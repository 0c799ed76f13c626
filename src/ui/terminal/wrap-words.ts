// Lines the page writes whole, broken at spaces before xterm cuts them at the last column.

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
