// Finds the candidate program in a model reply. Replies wrap code in prose, split it over several
// blocks, show shell commands and sample output beside it, forget the fence, or stop mid-block.
import { classifyBlock, definesEntry, insideStrings, isCodeLine, isStrongLine } from './codeish.ts';
import type { Language } from '../shared/run.ts';
import { splitFences, stripReasoning } from './fences.ts';
import { tagFits } from './language.ts';

interface ExtractedCode {
  kind: 'code';
  code: string;
  /** 'fence': from a fenced block; 'plain': the reply, or a stretch of it, was code without a fence. */
  from: 'fence' | 'plain';
  /** The block was never closed: the reply was cut off, so the code may be incomplete. */
  truncated: boolean;
}

export type NoCodeReason =
  /** Nothing left after removing reasoning. */
  | 'empty'
  /** Only prose. */
  | 'prose'
  /** Only blocks that are shell commands, output or another language than the task's. */
  | 'not-python'
  /** The reply stopped inside its reasoning section, before any answer. */
  | 'cut-off-reasoning';

export interface NoCode {
  kind: 'no-code';
  reason: NoCodeReason;
}

export type Extraction = ExtractedCode | NoCode;

/** In unfenced text, trailing comment lines are usually a markdown heading for the prose after. */
function trimBlankEdges(lines: string[], dropTrailingComments = false): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && (lines[a] ?? '').trim() === '') a++;
  const tail = dropTrailingComments ? /^(?:\s*|#.*)$/ : /^\s*$/;
  while (b > a && tail.test(lines[b - 1] ?? '')) b--;
  return lines.slice(a, b);
}

/** Stretches of unfenced text that read as Python, each holding at least one real statement. */
function plainCodeRegions(text: string): string[] {
  const lines = text.split('\n');
  const strings = insideStrings(lines);
  const regions: string[] = [];
  let run: string[] = [];
  const flush = (): void => {
    const kept = trimBlankEdges(run, true);
    if (kept.some((l) => isStrongLine(l))) regions.push(kept.join('\n'));
    run = [];
  };
  lines.forEach((line, i) => {
    if (line.trim() === '' || strings[i] === true || isCodeLine(line)) run.push(line);
    else flush();
  });
  flush();
  return regions;
}

/** The block that defines the entry point, else the longest; the later one wins a tie. */
function pick<T>(items: readonly T[], code: (t: T) => string, entryPoint?: string): T | undefined {
  const defining = items.filter((t) => definesEntry(code(t), entryPoint));
  const pool = defining.length > 0 ? defining : items;
  let best: T | undefined;
  for (const t of pool) if (best === undefined || code(t).trim().length >= code(best).trim().length) best = t;
  return best;
}

/** Blocks that hold code in the task's language: tagged so, or untagged and not a shell command. */
function inLanguage(language: Language, tag: string, body: string): boolean {
  if (language === 'python') return classifyBlock(tag, body) === 'python';
  return tag === '' ? classifyBlock(tag, body) !== 'shell' : tagFits(language, tag);
}

export function extractCode(reply: string, entryPoint?: string, language: Language = 'python'): Extraction {
  const { text, cutOffWhileReasoning } = stripReasoning(reply);
  const { blocks, prose } = splitFences(text);
  const fitting = blocks.filter((b) => b.body.trim() !== '' && inLanguage(language, b.tag, b.body));
  const block = pick(fitting, (b) => b.body, entryPoint);
  if (block)
    return {
      kind: 'code',
      code: trimBlankEdges(block.body.split('\n')).join('\n'),
      from: 'fence',
      truncated: block.unterminated,
    };

  // Unfenced code is recognised for Python only; other languages need their fence.
  const region = language === 'python' ? pick(plainCodeRegions(prose), (r) => r, entryPoint) : undefined;
  if (region !== undefined) return { kind: 'code', code: region, from: 'plain', truncated: false };

  if (blocks.some((b) => b.body.trim() !== '')) return { kind: 'no-code', reason: 'not-python' };
  if (cutOffWhileReasoning) return { kind: 'no-code', reason: 'cut-off-reasoning' };
  return { kind: 'no-code', reason: prose.trim() === '' ? 'empty' : 'prose' };
}
