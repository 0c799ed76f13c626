// Editor colours taken from the page's palette (style.css), so the editor reads as part of the
// page rather than a pasted-in widget, in the light theme and the dark one alike.
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Compartment, Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';

// Each colour is a CSS variable of the page, so the editor follows the page's light or dark theme.
const c = {
  bg: 'var(--cm-bg)',
  fg: 'var(--cm-fg)',
  gutter: 'var(--cm-gutter)',
  gutterFg: 'var(--cm-gutter-fg)',
  line: 'var(--cm-line)',
  selection: 'var(--cm-selection)',
  cursor: 'var(--focus)',
  border: 'var(--border)',
  keyword: 'var(--cm-keyword)',
  string: 'var(--cm-string)',
  number: 'var(--cm-number)',
  comment: 'var(--cm-comment)',
  fn: 'var(--cm-fn)',
  type: 'var(--cm-type)',
  constant: 'var(--cm-constant)',
  operator: 'var(--cm-operator)',
  invalid: 'var(--cm-invalid)',
};

const base = EditorView.theme({
  '&': { color: c.fg, backgroundColor: c.bg, border: `1px solid ${c.border}`, borderRadius: '6px' },
  '&.cm-focused': { outline: `2px solid ${c.cursor}`, outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', fontSize: '13px', lineHeight: '1.5' },
  '.cm-content': { caretColor: c.cursor },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: c.cursor },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: c.selection,
  },
  '.cm-activeLine': { backgroundColor: c.line },
  '.cm-gutters': {
    backgroundColor: c.gutter,
    color: c.gutterFg,
    border: 'none',
    borderRight: `1px solid ${c.border}`,
  },
  '.cm-activeLineGutter': { backgroundColor: c.line, color: c.fg },
  '.cm-matchingBracket': { backgroundColor: 'var(--cm-match)', outline: 'none' },
  '.cm-selectionMatch': { backgroundColor: 'var(--cm-match)' },
  '.cm-placeholder': { color: c.gutterFg },
  '.cm-panels': { backgroundColor: c.gutter, color: c.fg },
  '.cm-searchMatch': { backgroundColor: 'var(--cm-search)' },
  '.cm-error-line': { backgroundColor: 'var(--cm-error-line)' },
  '.cm-flag-line': { backgroundColor: 'var(--cm-flag-line)', boxShadow: 'inset 3px 0 0 var(--flagged)' },
  '.cm-error-gutter': { color: c.invalid },
  // Completions, hovers and signature help (code-intel.ts): the page's colours, never wider than the screen.
  '.cm-tooltip': { backgroundColor: c.gutter, color: c.fg, border: `1px solid ${c.border}`, borderRadius: '4px' },
  '.cm-tooltip-autocomplete ul': { fontFamily: 'var(--mono)', fontSize: '13px', maxWidth: 'min(28rem, 85vw)' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: c.selection, color: c.fg },
  '.cm-completionInfo': { maxWidth: 'min(28rem, 85vw)' },
  '.cm-completionInfo.cm-completionInfo-under': { left: '0' },
  '.cm-intel-info': { maxWidth: 'min(36rem, 90vw)', padding: '4px 8px', fontSize: '13px' },
  '.cm-intel-signature': {
    display: 'block',
    fontFamily: 'var(--mono)',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  '.cm-intel-active': { fontWeight: 'bold', backgroundColor: 'var(--cm-match)' },
  '.cm-intel-doc': { marginTop: '4px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: c.fg },
});

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword, t.operatorKeyword], color: c.keyword },
  { tag: [t.string, t.special(t.string), t.docString], color: c.string },
  { tag: [t.number, t.integer, t.float], color: c.number },
  { tag: [t.bool, t.null, t.atom], color: c.constant },
  { tag: [t.comment, t.lineComment], color: c.comment, fontStyle: 'italic' },
  {
    tag: [t.function(t.variableName), t.function(t.definition(t.variableName)), t.function(t.propertyName)],
    color: c.fn,
  },
  { tag: [t.className, t.definition(t.className), t.typeName], color: c.type },
  { tag: [t.self, t.special(t.variableName)], color: c.constant },
  { tag: [t.operator, t.punctuation, t.separator], color: c.operator },
  { tag: t.meta, color: c.type },
  { tag: t.invalid, color: c.invalid },
]);

export const pageTheme: Extension = [base, syntaxHighlighting(highlight)];

/**
 * Keeps CodeMirror's own defaults (tooltips, panels) on the page's scheme, now and when the system
 * switches; returns the extension to start with and a function that stops listening.
 */
export function followColourScheme(scheme: Compartment, view: () => EditorView | undefined): [Extension, () => void] {
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
  const onChange = (e: MediaQueryListEvent): void =>
    view()?.dispatch({ effects: scheme.reconfigure(EditorView.darkTheme.of(e.matches)) });
  media?.addEventListener('change', onChange);
  return [
    scheme.of(EditorView.darkTheme.of(media?.matches ?? true)),
    () => media?.removeEventListener('change', onChange),
  ];
}
