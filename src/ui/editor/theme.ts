// Dark editor colours taken from the page's palette (style.css), so the editor reads as part of
// the page rather than a pasted-in widget.
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';

const c = {
  bg: '#0e1014',
  fg: '#e6e6e6',
  gutter: '#12141a',
  gutterFg: '#6b7280',
  line: '#1a1d24',
  selection: '#2b3a55',
  cursor: '#8ab4ff',
  border: '#2a2e37',
  keyword: '#c792ea',
  string: '#a5d6a7',
  number: '#f7b267',
  comment: '#7a8190',
  fn: '#82aaff',
  type: '#ffcb6b',
  constant: '#f78c6c',
  operator: '#89ddff',
  invalid: '#ff6b6b',
};

const base = EditorView.theme(
  {
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
    '.cm-matchingBracket': { backgroundColor: '#33415c', outline: 'none' },
    '.cm-selectionMatch': { backgroundColor: '#26324a' },
    '.cm-placeholder': { color: c.gutterFg },
    '.cm-panels': { backgroundColor: c.gutter, color: c.fg },
    '.cm-searchMatch': { backgroundColor: '#4b3d17' },
    '.cm-error-line': { backgroundColor: 'rgba(255, 107, 107, 0.14)' },
    '.cm-error-gutter': { color: c.invalid },
  },
  { dark: true },
);

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

export const darkTheme: Extension = [base, syntaxHighlighting(highlight)];
