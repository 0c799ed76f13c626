// display(obj) in JavaScript, after Jupyter's display protocol: a string is text; a bundle
// `{'text/html': ...}` gives its richest part; an object with `_repr_html_`, `_repr_svg_`,
// `_repr_png_` (base64) or `_repr_markdown_` gives what that method returns; anything else is
// shown as inspect shows it. The page sanitises HTML before it shows it.
import type { RichOutput } from '../../../shared/agent.ts';
import { inspect } from '../javascript/inspect.ts';
import { hasOwn, toText } from '../javascript/intrinsics.ts';

/** Richest first: the page shows one part of each display. */
const BUNDLE_ORDER = ['image/png', 'image/svg+xml', 'text/html', 'text/markdown', 'text/plain'];
const REPR_METHODS: [string, string][] = [
  ['_repr_png_', 'image/png'],
  ['_repr_svg_', 'image/svg+xml'],
  ['_repr_html_', 'text/html'],
  ['_repr_markdown_', 'text/markdown'],
];

/** The rich part of a value with a `_repr_*_` method, or undefined when it has none. */
export function reprOf(v: unknown): RichOutput | undefined {
  if ((typeof v !== 'object' && typeof v !== 'function') || v === null) return undefined;
  for (const [method, mime] of REPR_METHODS) {
    const fn = (v as Record<string, unknown>)[method];
    if (typeof fn !== 'function') continue;
    const data = (fn as () => unknown).call(v);
    if (data !== undefined && data !== null) return { mime, data: toText(data) };
  }
  return undefined;
}

export function displayed(v: unknown): RichOutput {
  if (typeof v === 'string') return { mime: 'text/plain', data: v };
  const repr = reprOf(v);
  if (repr) return repr;
  if (typeof v === 'object' && v !== null) {
    for (const mime of BUNDLE_ORDER) {
      if (hasOwn(v, mime)) return { mime, data: toText((v as Record<string, unknown>)[mime]) };
    }
  }
  return { mime: 'text/plain', data: inspect(v) };
}
