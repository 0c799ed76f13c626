// What the loop says and accepts per task language: the name, the fence tag, and which fenced
// blocks hold a solution in that language.
import { LANGUAGE_NAMES } from '../shared/languages.ts';
import type { Language } from '../shared/run.ts';

const FENCE_TAGS: Record<Language, string> = {
  python: 'python',
  javascript: 'javascript',
  typescript: 'typescript',
  html: 'html',
};
// TypeScript accepts JavaScript: plain JavaScript is valid TypeScript.
const TAGS: Record<Exclude<Language, 'python'>, RegExp> = {
  javascript: /^(?:js|javascript|node|nodejs|mjs|cjs|jsx)$/,
  typescript: /^(?:ts|typescript|tsx|mts|cts|js|javascript|node|nodejs|mjs|cjs|jsx)$/,
  html: /^(?:html|htm|xhtml)$/,
};

export const languageName = (language: Language): string => LANGUAGE_NAMES[language];

export const fenceTag = (language: Language): string => FENCE_TAGS[language];

/** For JavaScript and TypeScript: does a fenced block with this tag hold code in the language? */
export function tagFits(language: Exclude<Language, 'python'>, tag: string): boolean {
  return TAGS[language].test(tag.toLowerCase());
}
