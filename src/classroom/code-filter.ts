// In hint and explain modes the assistant must not hand the student code. Its replies pass
// through this filter before they are shown: fenced blocks, indented blocks and inline code
// longer than a short expression are replaced by a note.

/** Inline code up to this long stays (a name, `len(xs)`, `i += 1`). */
const INLINE_LIMIT = 24;
export const REMOVED = '[code removed: write this part yourself]';

export interface Filtered {
  text: string;
  /** How many pieces of code were taken out. */
  removed: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function dropFences(lines: string[], count: () => void): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const m = FENCE.exec(line);
    if (fence === undefined) {
      if (m) {
        fence = m[1]!;
        count();
        out.push(REMOVED);
      } else out.push(line);
    } else if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && !line.slice(m[0].length).trim()) {
      fence = undefined;
    }
    // Lines inside a fence (or an unclosed one, to the end) are dropped.
  }
  return out;
}

/** Markdown indented code: 4+ spaces or a tab after a blank line, outside lists. */
function dropIndented(lines: string[], count: () => void): string[] {
  const out: string[] = [];
  let inBlock = false;
  let inList = false;
  lines.forEach((line, i) => {
    const blankBefore = i === 0 || !lines[i - 1]!.trim();
    const indented = /^(?: {4}|\t)/.test(line) && line.trim() !== '';
    if (/^\s{0,3}(?:[-*+]|\d+[.)])\s/.test(line)) inList = true;
    else if (!line.trim()) inList = inList && i + 1 < lines.length && /^\s/.test(lines[i + 1] ?? '');
    if (inBlock && (indented || !line.trim())) return;
    inBlock = false;
    if (indented && blankBefore && !inList) {
      inBlock = true;
      count();
      out.push(REMOVED);
      return;
    }
    out.push(line);
  });
  return out;
}

function dropInline(text: string, count: () => void): string {
  return text.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (whole, _ticks: string, body: string) => {
    const code = body.trim();
    if (code.length <= INLINE_LIMIT && !code.includes('\n') && !/[:;]\s*\S/.test(code)) return whole;
    count();
    return REMOVED;
  });
}

export function filterCode(reply: string): Filtered {
  let removed = 0;
  const count = (): void => void removed++;
  const lines = dropIndented(dropFences(reply.split(/\r?\n/), count), count);
  const text = dropInline(lines.join('\n'), count)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, removed };
}
