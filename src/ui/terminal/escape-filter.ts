// What a run prints reaches the terminal through this filter. A terminal obeys escape sequences:
// unfiltered, a run could clear the page's own lines, move the cursor over them, set the title or
// plant an OSC 8 link that opens an outside address. Only colours and plain text attributes pass,
// rebuilt here from their numbers, so nothing the run wrote reaches xterm as an escape of its own.
// Run output arrives in chunks that may split a sequence anywhere, so the filter keeps its state
// between pushes and gives the same text however the input was cut.

type State = 'ground' | 'esc' | 'escInter' | 'csi' | 'string';

const ESC = 0x1b;
/** 8-bit introducers xterm also obeys: CSI, and the strings (OSC, DCS, SOS, PM, APC). */
const C1_CSI = 0x9b;
const C1_STRINGS = new Set([0x9d, 0x90, 0x98, 0x9e, 0x9f]);
/** A longer parameter list is no colour anyone writes; refusing it bounds what is kept. */
const MAX_PARAMS = 64;
// eslint-disable-next-line no-control-regex -- control characters are what ends plain text
const PLAIN = /[^\x00-\x08\x0a-\x1f\x7f-\x9f]*/y;

/** SGR numbers kept: reset, bold, dim, italic, underline, strike-through, their offs, text colours. */
const KEPT = new Set([0, 1, 2, 3, 4, 9, 21, 22, 23, 24, 29, 39]);
const isTextColour = (n: number): boolean => (n >= 30 && n <= 37) || (n >= 90 && n <= 97);
const isByte = (s: string | undefined): boolean => s !== undefined && /^\d{1,3}$/.test(s) && Number(s) <= 255;

/**
 * The SGR parameters a run may use. Backgrounds, inverse and concealed text are dropped: the
 * page's own lines are drawn on a background (xterm-terminal.ts), which the run cannot copy.
 */
export function keptSgr(params: string): string {
  if (/[<=>?]/.test(params)) return '';
  const parts = params.split(';');
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p.includes(':')) continue; // colon forms (curly underlines, 38:2::r:g:b): self-contained, dropped
    const n = p === '' ? 0 : Number(p);
    if (n === 38 || n === 48 || n === 58) {
      const mode = parts[i + 1];
      const args = mode === '5' ? parts.slice(i + 2, i + 3) : mode === '2' ? parts.slice(i + 2, i + 5) : [];
      const whole = (mode === '5' && args.length === 1) || (mode === '2' && args.length === 3);
      if (n === 38 && whole && args.every(isByte)) kept.push(['38', mode, ...args].join(';'));
      i += 1 + args.length;
    } else if (KEPT.has(n) || isTextColour(n)) kept.push(String(n));
  }
  return kept.length ? `\x1b[${kept.join(';')}m` : '';
}

export interface EscapeFilter {
  /** The chunk's safe text; a sequence cut at the chunk's end is finished by a later push. */
  push(chunk: string): string;
}

export function createEscapeFilter(): EscapeFilter {
  let state: State = 'ground';
  let params = '';
  let paramsOk = true;
  // A carriage return becomes a new line, so output cannot overwrite what is already shown
  // (and what screen readers and copies get matches the drawing); "\r\n" stays one new line.
  let afterCr = false;

  function ground(c: number, ch: string): string {
    const cr = afterCr;
    afterCr = false;
    if (c === ESC) state = 'esc';
    else if (c === C1_CSI) startCsi();
    else if (C1_STRINGS.has(c)) state = 'string';
    else if (c === 0x0d) {
      afterCr = true;
      return cr ? '' : '\n';
    } else if (c === 0x0a) return cr ? '' : '\n';
    else if (c === 0x09) return ch;
    // Other C0 and C1 controls (bell, backspace, form feed, shifts, index, ...) and DEL.
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return '';
    else return ch;
    return '';
  }

  function startCsi(): void {
    state = 'csi';
    params = '';
    paramsOk = true;
  }

  /** One UTF-16 unit; returns what it adds to the output. */
  function step(c: number, ch: string): string {
    switch (state) {
      case 'ground':
        return ground(c, ch);
      case 'esc':
        if (c === 0x5b) startCsi();
        else if (c === 0x5d || c === 0x50 || c === 0x58 || c === 0x5e || c === 0x5f) state = 'string';
        else if (c >= 0x20 && c <= 0x2f) state = 'escInter';
        else if (c >= 0x30 && c <= 0x7e) state = 'ground';
        else if (c !== ESC) return again(c, ch);
        return '';
      case 'escInter':
        if (c >= 0x30 && c <= 0x7e) state = 'ground';
        else if (c < 0x20 || c > 0x2f) return again(c, ch);
        return '';
      case 'csi':
        if (c >= 0x30 && c <= 0x3f) {
          if (params.length < MAX_PARAMS) params += ch;
          else paramsOk = false;
        } else if (c >= 0x20 && c <= 0x2f) paramsOk = false;
        else if (c >= 0x40 && c <= 0x7e) {
          state = 'ground';
          return c === 0x6d && paramsOk ? keptSgr(params) : '';
        } else if (c !== 0x7f) return again(c, ch);
        return '';
      case 'string':
        // Ended by BEL or ST (ESC \ or 0x9c), cancelled by CAN or SUB; a new line ends it too,
        // so an unclosed string cannot hide the rest of the output.
        if (c === ESC) state = 'esc';
        else if (c === 0x07 || c === 0x9c || c === 0x18 || c === 0x1a) state = 'ground';
        else if (c === 0x0a || c === 0x0d) return again(c, ch);
        return '';
    }
  }

  /** A character that cannot continue the open sequence drops it and counts as ordinary input. */
  function again(c: number, ch: string): string {
    state = 'ground';
    return ground(c, ch);
  }

  return {
    push(chunk) {
      let out = '';
      let i = 0;
      while (i < chunk.length) {
        // Plain text between controls is copied in one slice, not a character at a time.
        if (state === 'ground' && !afterCr) {
          PLAIN.lastIndex = i;
          PLAIN.exec(chunk);
          if (PLAIN.lastIndex > i) {
            out += chunk.slice(i, PLAIN.lastIndex);
            i = PLAIN.lastIndex;
            continue;
          }
        }
        out += step(chunk.charCodeAt(i), chunk[i]!);
        i++;
      }
      return out;
    },
  };
}

/** A whole text at once, with its colours kept. */
export function filterEscapes(text: string): string {
  return createEscapeFilter().push(text);
}

/** The filter's output without its colours: only the filter's own well-formed SGR is left to remove. */
export function withoutColours(safe: string): string {
  // eslint-disable-next-line no-control-regex -- the escape character is what is being matched
  return safe.replace(/\x1b\[[\d;]*m/g, '');
}
