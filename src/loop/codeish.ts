// Heuristics that tell Python from prose, shell commands and printed output. They only have to
// be right on model replies, which are either clearly code or clearly English around it.

const COMPOUND =
  /^(?:async\s+)?(?:def|class|if|elif|else|for|while|try|except|finally|with|match|case)\b.*:\s*(?:#.*)?$/;
const DEF = /^(?:async\s+)?def\s+\w+\s*\(|^class\s+\w+\s*[(:]/;
const SIMPLE =
  /^(?:return|raise|assert|pass|break|continue|global|nonlocal|yield|del)\b(?!\s+[a-z]+\s+[a-z]+\s+[a-z]+)/;
const IMPORT = /^(?:import\s+[\w.]+(?:\s+as\s+\w+)?\s*(?:,|$|#)|from\s+\.*[\w.]*\s+import\s+)/;
const ASSIGN =
  /^[A-Za-z_][\w.]*(?:\[[^\]]*\])?(?:\s*,\s*[A-Za-z_][\w.]*)*\s*(?::\s*[^=]+)?(?:=(?!=)|(?:\+|-|\*\*?|\/\/?|%|&|\||\^|@|>>|<<)=)/;
const CALL = /^(?:await\s+)?[A-Za-z_][\w.]*\(.*\)?\s*(?:#.*)?$/;
const CONTINUATION = /^[)\]}]|^(?:[rRbBuUfF]{0,2})("""|'''|"|')/;
/** Statements do not end with a full stop; sentences such as "return the sum." do. */
const SENTENCE = /\s[^\s]*[a-z)][.!?]$/;
const SHELL =
  /^(?:\$|>|#!|%|!)\s*\S|^(?:pip3?|python3?|py|conda|npm|cd|ls|echo|export|sudo|apt(?:-get)?|brew|pytest|uv|poetry)\s/;

/** True for a line that can start code on its own: a definition, an import or a statement. */
export function isStrongLine(line: string): boolean {
  const t = line.trim();
  if (SENTENCE.test(t)) return false;
  return DEF.test(t) || COMPOUND.test(t) || IMPORT.test(t) || SIMPLE.test(t);
}

/** True when the line reads as Python; indented lines count, they belong to the block above. */
export function isCodeLine(line: string): boolean {
  if (line.trim() === '') return false;
  if (/^[ \t]/.test(line)) return true;
  const t = line.trim();
  if (SENTENCE.test(t)) return false;
  return (
    isStrongLine(t) || ASSIGN.test(t) || CALL.test(t) || CONTINUATION.test(t) || t.startsWith('@') || t.startsWith('#')
  );
}

/** Which lines sit inside a triple-quoted string, whose lines are code whatever they say. */
export function insideStrings(lines: readonly string[]): boolean[] {
  const inside: boolean[] = [];
  let open: string | undefined;
  for (const line of lines) {
    inside.push(open !== undefined);
    for (const m of line.matchAll(/"""|'''/g)) {
      if (open === undefined) open = m[0];
      else if (open === m[0]) open = undefined;
    }
  }
  return inside;
}

export type BlockKind = 'python' | 'shell' | 'output' | 'other';

const PYTHON_TAGS = /^(?:i?python\d*(?:\.\d+)*|py\d*|pyi|sage|pyodide)$/;
const OUTPUT_TAGS = new Set([
  'text',
  'txt',
  'plaintext',
  'output',
  'console',
  'log',
  'pycon',
  'stdout',
  'stderr',
  'result',
]);
const SHELL_TAGS = new Set(['sh', 'bash', 'shell', 'zsh', 'cmd', 'powershell', 'ps', 'bat', 'fish', 'terminal']);
const UNTYPED_TAGS = new Set(['', 'code', 'plain', 'source']);

/** Classifies a fenced block by its tag, or by its content when the tag says nothing. */
export function classifyBlock(tag: string, body: string): BlockKind {
  if (PYTHON_TAGS.test(tag)) return 'python';
  if (SHELL_TAGS.has(tag)) return 'shell';
  if (OUTPUT_TAGS.has(tag)) return 'output';
  if (!UNTYPED_TAGS.has(tag)) return 'other';
  return classifyContent(body);
}

function classifyContent(body: string): BlockKind {
  const lines = body.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return 'output';
  // An interactive session shows usage, it is not the program.
  if (/^\s*>>>/.test(lines[0] ?? '')) return 'output';
  const shell = lines.filter((l) => SHELL.test(l.trim()) && !isStrongLine(l)).length;
  if (shell * 2 >= lines.length) return 'shell';
  const strings = insideStrings(lines);
  const code = lines.filter((l, i) => strings[i] === true || isCodeLine(l)).length;
  const strong = lines.some((l) => isStrongLine(l));
  return strong && code / lines.length >= 0.6 ? 'python' : 'output';
}

/** Whether `code` defines `entryPoint` at the top level, the way a harness would look it up. */
export function definesEntry(code: string, entryPoint: string | undefined): boolean {
  if (!entryPoint) return false;
  const name = entryPoint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:async\\s+)?def\\s+${name}\\s*\\(|^${name}\\s*=|^class\\s+${name}\\b`, 'm').test(code);
}
