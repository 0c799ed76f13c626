// Where JSON being typed into a list field goes wrong, said as a line and column: browsers give
// a character position (or nothing), which is no help in a box of a dozen lines.

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/** undefined when the text is JSON; otherwise "line 3, column 5: Expected ...". */
export function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (err) {
    if (!text.trim()) return 'the box is empty (write [] for none)';
    const message = err instanceof Error ? err.message : String(err);
    const at = /at position (\d+)/.exec(message);
    const reason = message
      .replace(/ \(line \d+ column \d+\)/, '')
      .replace(/ (in JSON )?at position \d+/, '')
      // "Unexpected token 'x', "[x]" is not valid JSON": the text is in the box already.
      .replace(/, ".*" is not valid JSON$/s, '');
    if (at) return `${lineAndColumn(text, Number(at[1]))}: ${reason}`;
    if (/end of JSON input/.test(message)) return `${lineAndColumn(text, text.trimEnd().length)}: ${reason}`;
    return reason;
  }
}
