// Tests the model wrote in its reply: a fenced block of asserts beside the code. They are taken
// out before the code is extracted, so a test block is never run as the answer.
import type { Language } from '../../shared/run.ts';
import { splitFences, stripReasoning } from '../fences.ts';

export interface SplitReply {
  /** The reply without its test blocks: what the code is extracted from. */
  codeReply: string;
  /** One statement per test, as written. */
  tests: string[];
}

const TEST_LINE = /^(assert\b|console\.assert\b)/;
const SETUP_LINE = /^((const|let|var)\s+assert\b|import\s+assert\b|from\s+\w+\s+import\b|import\s+\w+)/;

const depth = (s: string): number => (s.match(/[([{]/g)?.length ?? 0) - (s.match(/[)\]}]/g)?.length ?? 0);

function isTestBlock(body: string): boolean {
  let open = 0;
  let asserts = 0;
  for (const raw of body.split('\n')) {
    const l = raw.trim();
    if (open <= 0) {
      open = 0;
      if (l === '' || l.startsWith('#') || l.startsWith('//')) continue;
      if (TEST_LINE.test(l)) asserts++;
      else if (!SETUP_LINE.test(l)) return false;
    }
    open += depth(l);
  }
  return asserts > 0;
}

/** Statements of a test block: an assert and the lines that continue its open brackets. */
export function statements(body: string): string[] {
  const out: string[] = [];
  let cur: string | undefined;
  for (const line of body.split('\n')) {
    const t = line.trim();
    if (cur !== undefined && depth(cur) > 0) cur += ` ${t}`;
    else if (TEST_LINE.test(t)) {
      if (cur !== undefined) out.push(cur);
      cur = t;
    }
  }
  if (cur !== undefined) out.push(cur);
  return out.filter((s) => depth(s) === 0);
}

/** Splits a reply into its code and its tests; `entry`, when known, must be called by each test. */
export function splitReply(reply: string, language: Language, entry?: string): SplitReply {
  const { blocks } = splitFences(stripReasoning(reply).text);
  const testBlocks = blocks.filter((b) => isTestBlock(b.body));
  if (testBlocks.length === 0) return { codeReply: reply, tests: [] };
  const calls = entry === undefined ? undefined : new RegExp(`(?<![\\w.])${entry}\\s*\\(`);
  const tests = testBlocks.flatMap((b) => statements(b.body)).filter((t) => !calls || calls.test(t));
  const rest = blocks.filter((b) => !testBlocks.includes(b));
  const fence = '```';
  const codeReply = rest
    .map((b) => `${fence}${b.tag || (language === 'python' ? 'python' : '')}\n${b.body}\n${fence}`)
    .join('\n\n');
  return { codeReply, tests };
}
