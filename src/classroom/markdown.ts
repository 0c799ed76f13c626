// The small Markdown a pack's statement is written in, read into blocks and spans that a view
// draws as DOM nodes (never as HTML: a pack is someone else's file). Covered: paragraphs, fenced
// code, headings, bullet and numbered lists, `code`, **strong**, *emphasis* and _emphasis_;
// anything else is kept as the text it is.

export type Span =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'em'; text: string };

export type Block =
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'heading'; level: number; spans: Span[] }
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'list'; ordered: boolean; items: Span[][] };

const FENCE = /^\s*(```+|~~~+)\s*([\w+-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
// `code` first, so that stars inside code stay as typed.
const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|(?<![\w])_([^_\s][^_]*)_(?![\w])/g;

export function inlineSpans(text: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) spans.push({ kind: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) spans.push({ kind: 'code', text: m[1] });
    else if (m[2] !== undefined) spans.push({ kind: 'strong', text: m[2] });
    else spans.push({ kind: 'em', text: (m[3] ?? m[4])! });
    last = m.index + m[0].length;
  }
  if (last < text.length) spans.push({ kind: 'text', text: text.slice(last) });
  return spans;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  const flush = (): void => {
    if (para.length) blocks.push({ kind: 'paragraph', spans: inlineSpans(para.join(' ')) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      const close = fence[1]!;
      // An unclosed fence runs to the end, as in CommonMark.
      while (++i < lines.length && !lines[i]!.trim().startsWith(close)) body.push(lines[i]!);
      blocks.push({ kind: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, spans: inlineSpans(heading[2]!) });
      continue;
    }
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (item) {
      flush();
      const ordered = !BULLET.test(line);
      const prev = blocks.at(-1);
      const spans = inlineSpans(item[1]!);
      if (prev?.kind === 'list' && prev.ordered === ordered && lines[i - 1]?.trim()) prev.items.push(spans);
      else blocks.push({ kind: 'list', ordered, items: [spans] });
      continue;
    }
    const prev = blocks.at(-1);
    // A line under a list item, indented, carries on that item.
    if (!para.length && prev?.kind === 'list' && /^\s+/.test(line) && lines[i - 1]?.trim()) {
      prev.items[prev.items.length - 1]!.push(...inlineSpans(` ${line.trim()}`));
      continue;
    }
    para.push(line.trim());
  }
  flush();
  return blocks;
}
