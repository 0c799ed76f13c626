// The languages' names as people read them.
import type { Language } from './run.ts';

export const LANGUAGE_NAMES: Record<Language, string> = {
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  html: 'HTML',
};
