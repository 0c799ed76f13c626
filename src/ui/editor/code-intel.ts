// TypeScript's completions, hovers and signature help in the editor, for TypeScript and JavaScript
// tasks, answered by the page's checker worker (CodeIntel). Every request carries the editor's
// text as it is when asked; one that the next keystroke makes stale is aborted, and an answer
// that comes back for older text is dropped, so what shows is always about the text on screen.
import { autocompletion, insertCompletionText } from '@codemirror/autocomplete';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { Prec, StateEffect, StateField, type Extension } from '@codemirror/state';
import { EditorView, ViewPlugin, hoverTooltip, keymap, showTooltip, type Tooltip } from '@codemirror/view';
import type { CodeIntel, IntelCompletion, IntelInfo, IntelLanguage, IntelSignatures } from '../../shared/code-intel.ts';

/** TypeScript's kinds as CodeMirror's option types (their icons). */
const TYPES: Record<string, string> = {
  method: 'method',
  function: 'function',
  'local function': 'function',
  property: 'property',
  getter: 'property',
  setter: 'property',
  var: 'variable',
  let: 'variable',
  'local var': 'variable',
  parameter: 'variable',
  alias: 'variable',
  const: 'constant',
  class: 'class',
  'local class': 'class',
  interface: 'interface',
  type: 'type',
  'primitive type': 'type',
  enum: 'enum',
  'enum member': 'enum',
  module: 'namespace',
  keyword: 'keyword',
};

/** TypeScript's sort order as CodeMirror's boost (higher first): locals, members, then globals; deprecated last. */
function boost(sortText: string): number {
  if (sortText.startsWith('z')) return -50;
  const n = Number.parseInt(sortText, 10);
  return Number.isNaN(n) ? 0 : 20 - n;
}

function element(tag: string, className: string, text: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

/** A signature and its documentation, as a hover and a completion's details show them. */
function infoView(info: IntelInfo): HTMLElement {
  const box = element('div', 'cm-intel-info', '');
  box.append(element('code', 'cm-intel-signature', info.signature));
  if (info.documentation) box.append(element('div', 'cm-intel-doc', info.documentation));
  return box;
}

function option(e: IntelCompletion, details: (name: string) => Promise<IntelInfo | undefined>): Completion {
  const text = e.insertText ?? e.name;
  return {
    label: e.name,
    type: TYPES[e.kind] ?? 'text',
    boost: boost(e.sortText),
    info: async () => {
      const d = await details(e.name);
      return d ? infoView(d) : null;
    },
    ...(e.insertText !== undefined || e.replace
      ? {
          apply: (view: EditorView, _c: Completion, from: number, to: number) =>
            view.dispatch(
              insertCompletionText(view.state, text, e.replace?.from ?? from, Math.max(e.replace?.to ?? to, to)),
            ),
        }
      : {}),
  };
}

function completionSource(intel: CodeIntel, language: IntelLanguage) {
  const ask = async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const abort = new AbortController();
    ctx.addEventListener('abort', () => abort.abort(), { onDocChange: true });
    const code = ctx.state.doc.toString();
    const position = ctx.pos;
    const got = await intel.completions({ code, position, language }, abort.signal).catch(() => undefined);
    if (!got || ctx.aborted || got.entries.length === 0) return null;
    const details = (name: string): Promise<IntelInfo | undefined> =>
      intel.completionDetails({ code, position, language, name }).catch(() => undefined);
    return { from: got.from, options: got.entries.map((e) => option(e, details)), validFor: /^[\w$]*$/ };
  };
  // Nothing to complete answers at once, not as a promise: a list pending (even briefly) takes Escape.
  return (ctx: CompletionContext): Promise<CompletionResult | null> | null => {
    const word = ctx.matchBefore(/[\w$]+$/);
    const afterDot = ctx.state.sliceDoc(ctx.pos - 1, ctx.pos) === '.';
    return ctx.explicit || word || afterDot ? ask(ctx) : null;
  };
}

function hover(intel: CodeIntel, language: IntelLanguage): Extension {
  return hoverTooltip(
    async (view, pos) => {
      const doc = view.state.doc;
      const q = await intel.quickInfo({ code: doc.toString(), position: pos, language }).catch(() => undefined);
      if (!q || view.state.doc !== doc) return null;
      return { pos: q.from ?? pos, end: q.to, above: true, create: () => ({ dom: infoView(q) }) };
    },
    { hoverTime: 300 },
  );
}

// Signature help: shown when `(` or `,` is typed inside a call, kept up to date while the cursor
// stays in the call, gone when it leaves (or on Escape).
const setSignatures = StateEffect.define<Tooltip | null>();

const signatureField = StateField.define<Tooltip | null>({
  create: () => null,
  update(tip, tr) {
    for (const e of tr.effects) if (e.is(setSignatures)) return e.value;
    return tip && tr.docChanged ? { ...tip, pos: tr.changes.mapPos(tip.pos) } : tip;
  },
  provide: (f) => showTooltip.from(f),
});

function signatureView(help: IntelSignatures): HTMLElement {
  const item = help.items[help.selected] ?? help.items[0]!;
  const box = element('div', 'cm-intel-info cm-intel-signatures', '');
  const line = element('code', 'cm-intel-signature', item.prefix);
  item.parameters.forEach((p, i) => {
    if (i > 0) line.append(item.separator);
    line.append(i === help.argument ? element('strong', 'cm-intel-active', p) : p);
  });
  line.append(item.suffix);
  box.append(line);
  if (item.documentation) box.append(element('div', 'cm-intel-doc', item.documentation));
  if (help.items.length > 1)
    box.append(element('div', 'cm-intel-doc', `${help.selected + 1} of ${help.items.length} overloads`));
  return box;
}

function signatures(intel: CodeIntel, language: IntelLanguage): Extension {
  const plugin = ViewPlugin.define((view) => {
    let latest: AbortController | undefined;
    /** A request is out: an edit or a move before it answers asks again, for the text then. */
    let pending = false;
    const ask = async (): Promise<void> => {
      latest?.abort();
      const mine = (latest = new AbortController());
      pending = true;
      const doc = view.state.doc;
      const position = view.state.selection.main.head;
      const help = await intel
        .signatureHelp({ code: doc.toString(), position, language }, mine.signal)
        .catch(() => undefined);
      if (mine === latest) pending = false;
      if (mine.signal.aborted || view.state.doc !== doc || view.state.selection.main.head !== position) return;
      const tip: Tooltip | null =
        help && help.items.length > 0
          ? { pos: position, above: true, create: () => ({ dom: signatureView(help) }) }
          : null;
      if (tip || view.state.field(signatureField)) view.dispatch({ effects: setSignatures.of(tip) });
    };
    return {
      update(u) {
        // Closed (Escape, or the cursor left the call): an answer still on its way is not shown.
        if (u.transactions.some((tr) => tr.effects.some((e) => e.is(setSignatures) && e.value === null))) {
          latest?.abort();
          pending = false;
          return;
        }
        const open = u.state.field(signatureField) !== null;
        let typed = '';
        u.changes.iterChanges((_a, _b, _c, _d, inserted) => (typed += inserted.toString()));
        // `(` comes with its `)` when brackets close themselves.
        const opened = u.docChanged && /^(\(\)?|,)$/.test(typed);
        if (opened || ((open || pending) && (u.docChanged || u.selectionSet))) {
          // Asked after this update, never inside it.
          queueMicrotask(() => void ask());
        }
      },
      destroy: () => latest?.abort(),
    };
  });
  // First of all keys, and passed on: one Escape closes this and a completion list (even one still
  // being asked for) together.
  const close = Prec.highest(
    keymap.of([
      {
        key: 'Escape',
        run: (view) => {
          if (view.state.field(signatureField)) view.dispatch({ effects: setSignatures.of(null) });
          return false;
        },
      },
    ]),
  );
  return [close, signatureField, plugin];
}

/** Starts the worker the first time the person is in the editor, so the first completion is quick. */
function warmOnFocus(intel: CodeIntel): Extension {
  let warmed = false;
  return EditorView.domEventHandlers({
    focus: () => {
      if (!warmed) intel.warm();
      warmed = true;
      return false;
    },
  });
}

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * A completion's details beside the list when they fit there, else under the whole list (over it
 * when there is no room below), never over the options themselves as CodeMirror's narrow layout has it.
 */
function positionInfo(_view: EditorView, list: Rect, option: Rect, info: Rect, space: Rect) {
  const [width, height] = [info.right - info.left, info.bottom - info.top];
  const right = space.right - list.right;
  if (width <= right) {
    // Level with the selected option, as CodeMirror places it.
    const top = Math.max(space.top, Math.min(option.top, space.bottom - height)) - list.top;
    return { class: 'cm-completionInfo-right', style: `top: ${top}px; max-width: ${Math.min(448, right)}px` };
  }
  const below = space.bottom - list.bottom >= height || space.bottom - list.bottom > list.top - space.top;
  const maxWidth = Math.max(160, space.right - list.left - 8);
  const style = `${below ? 'top' : 'bottom'}: ${list.bottom - list.top + 2}px; max-width: ${maxWidth}px`;
  return { class: 'cm-completionInfo-under', style };
}

export function codeIntel(intel: CodeIntel, language: IntelLanguage): Extension {
  return [
    signatures(intel, language),
    autocompletion({ override: [completionSource(intel, language)], maxRenderedOptions: 100, positionInfo }),
    hover(intel, language),
    warmOnFocus(intel),
  ];
}
