// Lines the page writes whole, broken at spaces before xterm cuts them at the last column.

/**
 * The page's own lines (and the run's text it quotes) broken at spaces to fit `cols`, so a word
 * is not cut across two rows; a word longer than a row is still cut by xterm. A run's streamed
 * output is left as it came: its lines may arrive in pieces.
 */
export function wrapWords(text: string, cols: number, column = 0): string {
  if (cols < 20 || text.includes('\x1b')) return text;
  return text
    .split('\n')
    .map((line, i) => {
      // The first line goes on from where the cursor is: what was written before it takes room.
      const used = i === 0 ? column % cols : 0;
      if (used + line.length <= cols) return line;
      const rows: string[] = [];
      let row = '';
      let room = cols - used;
      for (const word of line.split(/(?<= )/)) {
        if (row.length + word.trimEnd().length > room && (row !== '' || room < cols)) {
          rows.push(row.trimEnd());
          row = '';
          room = cols;
        }
        row += word;
      }
      rows.push(row);
      return rows.join('\n');
    })
    .join('\n');
}

/** The cursor's column after `text` is written from `column` (escapes take no room). */
export function columnAfter(text: string, column: number): number {
  // eslint-disable-next-line no-control-regex -- the escape character is what is being matched
  const plain = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
  const nl = plain.lastIndexOf('\n');
  return nl < 0 ? column + plain.length : plain.length - nl - 1;
}
