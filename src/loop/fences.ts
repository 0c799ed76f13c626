// Splits a model reply into fenced blocks and the prose around them. Replies come from many
// models and chat templates, so fences may be indented, tagged oddly, or never closed.
import { toLf } from './text.ts';

interface FencedBlock {
  /** Lower-cased first word of the info string, without braces or a leading dot; '' when untagged. */
  tag: string;
  body: string;
  /** The reply ended before the closing fence: the output was cut off. */
  unterminated: boolean;
}

export interface SplitReply {
  blocks: FencedBlock[];
  /** The reply with every fenced block removed. */
  prose: string;
}

const OPEN = /^([ \t]*)(`{3,}|~{3,})[ \t]*([^\n`]*)$/;

function tagOf(info: string): string {
  const word = info.trim().split(/\s+/)[0] ?? '';
  return word
    .replace(/^\{?\.?/, '')
    .replace(/\}$/, '')
    .toLowerCase();
}

/** Drops each line's share of the fence's own indentation (fences inside list items). */
function dedent(lines: string[], indent: string): string[] {
  if (indent === '') return lines;
  return lines.map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.replace(/^[ \t]+/, '')));
}

export function splitFences(reply: string): SplitReply {
  const lines = toLf(reply).split('\n');
  const blocks: FencedBlock[] = [];
  const prose: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i] ?? '');
    if (!open) {
      prose.push(lines[i] ?? '');
      continue;
    }
    const [, indent = '', fence = '```', info = ''] = open;
    const close = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j] ?? '')) body.push(lines[j++] ?? '');
    blocks.push({ tag: tagOf(info), body: dedent(body, indent).join('\n'), unterminated: j >= lines.length });
    i = j;
  }
  return { blocks, prose: prose.join('\n') };
}

const THINK = '(?:think|thinking|reasoning)';

/**
 * Removes reasoning sections before anything else looks at the reply: they often hold draft code
 * that is not the answer. Some templates put the opening tag in the prompt, so a lone closing tag
 * means everything before it was reasoning; a lone opening tag means the reply was cut off while
 * still reasoning.
 */
export function stripReasoning(reply: string): { text: string; cutOffWhileReasoning: boolean } {
  let text = toLf(reply).replace(new RegExp(`<${THINK}>[\\s\\S]*?</${THINK}>`, 'gi'), '');
  const lone = new RegExp(`</${THINK}>`, 'gi');
  let last = -1;
  for (let m = lone.exec(text); m; m = lone.exec(text)) last = m.index + m[0].length;
  if (last >= 0) text = text.slice(last);
  const open = new RegExp(`<${THINK}>`, 'i').exec(text);
  if (open) return { text: text.slice(0, open.index), cutOffWhileReasoning: true };
  return { text, cutOffWhileReasoning: false };
}
