// Splits a streamed reply into prose and fenced code blocks as it arrives. Only complete lines
// are decided on (a line starting with ``` may still become a fence), so feeding the reply in
// any chunks gives the same blocks as feeding it whole. No DOM here, so it runs in Node tests.

export type BlockKind = 'prose' | 'code';

export type ReplyEvent =
  /** A new block starts; the previous one is finished. The reply starts in prose. */
  | { type: 'open'; kind: BlockKind; lang: string }
  /** Complete lines (each ending in \n) for the current block. */
  | { type: 'text'; text: string };

interface Fence {
  char: string;
  length: number;
}

const OPENING = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const CLOSING = /^ {0,3}(`{3,}|~{3,})\s*$/;

/** The fence a line opens, if any. A backtick fence's info string may not hold backticks. */
export function openingFence(line: string): (Fence & { lang: string }) | undefined {
  const m = OPENING.exec(line);
  if (!m) return undefined;
  const marker = m[1] ?? '';
  const char = marker.charAt(0);
  if (char === '`' && line.slice(m[0].length).includes('`')) return undefined;
  return { char, length: marker.length, lang: m[2] ?? '' };
}

/** A closing fence uses the same character, at least as many, and nothing after it. */
export function closesFence(line: string, fence: Fence): boolean {
  const m = CLOSING.exec(line);
  const marker = m?.[1];
  return marker !== undefined && marker.charAt(0) === fence.char && marker.length >= fence.length;
}

export class ReplyParser {
  private partial = '';
  private fence: Fence | undefined;
  private buffered = '';

  constructor(private readonly emit: (e: ReplyEvent) => void) {}

  /** Feeds a chunk; emits events for every line the chunk completes. */
  push(chunk: string): void {
    const text = this.partial + chunk;
    const last = text.lastIndexOf('\n');
    if (last < 0) {
      this.partial = text;
      return;
    }
    this.partial = text.slice(last + 1);
    let start = 0;
    while (start <= last) {
      const end = text.indexOf('\n', start);
      this.line(text.slice(start, end));
      start = end + 1;
    }
    this.flush();
  }

  /** The incomplete last line, shown by the view until its newline arrives. */
  pending(): string {
    return this.partial;
  }

  inCode(): boolean {
    return this.fence !== undefined;
  }

  private line(line: string): void {
    const l = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (this.fence) {
      if (closesFence(l, this.fence)) return this.open('prose', '', undefined);
    } else {
      const f = openingFence(l);
      if (f) return this.open('code', f.lang, f);
    }
    this.buffered += `${l}\n`;
  }

  private open(kind: BlockKind, lang: string, fence: Fence | undefined): void {
    this.flush();
    this.fence = fence;
    this.emit({ type: 'open', kind, lang });
  }

  private flush(): void {
    if (!this.buffered) return;
    this.emit({ type: 'text', text: this.buffered });
    this.buffered = '';
  }
}
