// Marks the line a run's exception points at, so the person sees where it failed without
// counting lines in the traceback; and the lines a test-gaming flag rests on.
import { StateEffect, StateField } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import type { DecorationSet } from '@codemirror/view';

export const setErrorLine = StateEffect.define<number | undefined>();

const lineMark = Decoration.line({ class: 'cm-error-line' });

const field = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects) {
      if (!e.is(setErrorLine)) continue;
      const n = e.value;
      if (n === undefined || n < 1 || n > tr.state.doc.lines) return Decoration.none;
      return Decoration.set([lineMark.range(tr.state.doc.line(n).from)]);
    }
    // Any edit makes the old failure stale.
    return tr.docChanged ? Decoration.none : marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** The lines a test-gaming flag rests on (docs/test-gaming.md). */
export const setFlagLines = StateEffect.define<readonly number[]>();

const flagMark = Decoration.line({ class: 'cm-flag-line', attributes: { title: 'flagged: see the feedback' } });

const flags = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects) {
      if (!e.is(setFlagLines)) continue;
      const lines = [...new Set(e.value)].filter((n) => n >= 1 && n <= tr.state.doc.lines).sort((a, b) => a - b);
      return Decoration.set(lines.map((n) => flagMark.range(tr.state.doc.line(n).from)));
    }
    return tr.docChanged ? Decoration.none : marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});

export const errorLine: Extension = [field, flags];
