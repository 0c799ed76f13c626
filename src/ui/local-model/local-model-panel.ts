// The in-page model's part of the settings: the models stored in this browser (with sizes, a
// choice and Delete), adding one from a file or an address (with progress; downloads resume),
// and the context, reply and memory bounds.
import { downloadModel, importModelFile } from '../../models/local/acquire.ts';
import type { Progress } from '../../models/local/acquire.ts';
import { loadedModel, unloadModel } from '../../models/local/engine.ts';
import { checkFits, contextFor, inspectModel } from '../../models/local/inspect.ts';
import { formatBytes } from '../../shared/format.ts';
import { deleteModel, listModels, modelFile } from '../../models/local/model-store.ts';
import type { StoredModel } from '../../models/local/model-store.ts';
import { loadPrefs, memoryEnv, savePrefs } from '../../models/local/prefs.ts';
import type { LocalPrefs } from '../../models/local/prefs.ts';
import { h, show } from '../common/dom.ts';
import { prefsFields } from './prefs-fields.ts';

export interface LocalModelPanel {
  root: HTMLElement;
  /** Re-reads the stored models (after the panel is shown again). */
  refresh(): Promise<void>;
  destroy(): void;
}

function messageOf(e: unknown): string {
  if (e instanceof Error) {
    const hint = (e as { hint?: unknown }).hint;
    return typeof hint === 'string' ? `${e.message} ${hint}` : e.message;
  }
  return String(e);
}

export function createLocalModelPanel(opts: { selected(): string; onSelect(id: string): void }): LocalModelPanel {
  const list = h('ul', { class: 'fp-local-list', 'data-testid': 'local-models' });
  const empty = h('p', { class: 'fp-settings-note' }, 'No model is stored in this browser yet.');
  const about = h('p', { class: 'fp-settings-note', 'data-testid': 'local-model-about' });
  const file = h('input', { type: 'file', name: 'ggufFile', accept: '.gguf' });
  const url = h('input', { type: 'url', name: 'ggufUrl', placeholder: 'https://your-server.example/model.gguf' });
  const download = h('button', { type: 'button' }, 'Download');
  const load = h('button', { type: 'button', 'data-testid': 'local-load' }, 'Load the chosen model now');
  const stop = h('button', { type: 'button', hidden: true }, 'Stop download');
  const progress = h('progress', { max: '1', value: '0', hidden: true, 'data-testid': 'local-progress' });
  const status = h('p', { class: 'fp-local-status', role: 'status', 'data-testid': 'local-status' });
  const prefs = prefsFields(loadPrefs(), (p: LocalPrefs) => {
    savePrefs(p);
    void describe(opts.selected());
  });
  let running: AbortController | undefined;

  const root = h(
    'fieldset',
    { class: 'fp-local', 'data-testid': 'local-model' },
    h('legend', {}, 'Model file (kept in this browser)'),
    list,
    empty,
    about,
    load,
    h('label', { class: 'fp-local-field' }, 'Add a .gguf file from this computer', file),
    h('label', { class: 'fp-local-field' }, 'or download one from an address (the server must allow it)', url),
    h('div', { class: 'fp-settings-actions' }, download, stop),
    progress,
    status,
    prefs.root,
  );

  function onProgress(p: Progress): void {
    show(progress, true);
    if (p.total) {
      progress.max = p.total;
      progress.value = p.loaded;
    } else progress.removeAttribute('value');
    status.textContent = `${formatBytes(p.loaded)}${p.total ? ` of ${formatBytes(p.total)}` : ''}…`;
  }

  // The line is replaced only once the new one is ready: blanking it first would move the buttons
  // below it while the user reaches for them.
  async function describe(id: string): Promise<void> {
    const f = id === '' ? undefined : await modelFile(id);
    if (!f) {
      about.textContent = '';
      return;
    }
    try {
      const { facts } = await inspectModel(f, id);
      const ctx = contextFor(facts, loadPrefs().contextTokens);
      const parts = [facts.name ?? id, facts.architecture, facts.mainType, `${facts.blockCount} layers`];
      let fit: string;
      try {
        fit = `needs about ${formatBytes(checkFits(facts, ctx, memoryEnv(loadPrefs())).estimate.total)} with a ${ctx}-token context`;
      } catch (e) {
        fit = messageOf(e);
      }
      about.textContent = `${parts.filter(Boolean).join(' · ')}; chat template ${facts.chatTemplate ? 'from the file' : 'missing'}; ${fit}`;
    } catch (e) {
      about.textContent = messageOf(e);
    }
  }

  function row(m: StoredModel): HTMLElement {
    const pick = h('input', { type: 'radio', name: 'localModel', value: m.id });
    pick.checked = m.id === opts.selected();
    pick.disabled = !m.complete;
    pick.addEventListener('change', () => {
      opts.onSelect(m.id);
      void describe(m.id);
    });
    const size = m.complete
      ? formatBytes(m.size)
      : `incomplete: ${formatBytes(m.size)}${m.expectedSize ? ` of ${formatBytes(m.expectedSize)}` : ''}`;
    const remove = h('button', { type: 'button', 'data-testid': 'local-delete' }, 'Delete');
    remove.addEventListener('click', () => void removeModel(m));
    return h(
      'li',
      { class: 'fp-local-row', 'data-testid': 'local-model-row', 'data-id': m.id },
      h('label', {}, pick, ` ${m.name} `),
      h('span', { class: 'fp-local-size' }, `(${size})`),
      ' ',
      remove,
    );
  }

  async function refresh(): Promise<void> {
    let models: StoredModel[];
    try {
      models = await listModels();
    } catch (e) {
      status.textContent = messageOf(e);
      return;
    }
    list.replaceChildren(...models.map(row));
    show(empty, models.length === 0);
    await describe(opts.selected());
  }

  async function removeModel(m: StoredModel): Promise<void> {
    await unloadModel(m.id);
    await deleteModel(m.id);
    if (opts.selected() === m.id) opts.onSelect('');
    status.textContent = `Deleted ${m.name}.`;
    await refresh();
  }

  async function acquire(work: (signal: AbortSignal) => Promise<StoredModel>): Promise<void> {
    running?.abort();
    const ac = new AbortController();
    running = ac;
    show(stop, true);
    download.disabled = true;
    file.disabled = true;
    try {
      const m = await work(ac.signal);
      opts.onSelect(m.id);
      status.textContent = `Stored ${m.name} (${formatBytes(m.size)}). It loads from this browser from now on, also offline.`;
    } catch (e) {
      status.textContent = ac.signal.aborted
        ? 'Download stopped. What arrived is kept: download again to resume.'
        : messageOf(e);
    } finally {
      if (running === ac) running = undefined;
      show(stop, false);
      show(progress, false);
      download.disabled = false;
      file.disabled = false;
      await refresh();
    }
  }

  file.addEventListener('change', () => {
    const picked = file.files?.[0];
    if (!picked) return;
    status.textContent = `Checking ${picked.name}…`;
    void acquire((signal) => importModelFile(picked, { signal, onProgress })).then(() => (file.value = ''));
  });
  download.addEventListener('click', () => {
    const address = url.value.trim();
    if (!/^https?:\/\//.test(address)) {
      status.textContent = 'Enter the address of a .gguf file, starting with http:// or https://.';
      return;
    }
    status.textContent = 'Starting the download…';
    void acquire((signal) => downloadModel(address, { signal, onProgress }));
  });
  stop.addEventListener('click', () => running?.abort());
  load.addEventListener('click', () => {
    const id = opts.selected();
    if (id === '') {
      status.textContent =
        list.childElementCount === 0
          ? 'No model is stored in this browser yet: add a .gguf file or download one from an address below, then load it.'
          : 'Choose one of the stored models above first, then load it.';
      return;
    }
    status.textContent = `Loading ${id}…`;
    loadedModel(id).then(
      (m) =>
        (status.textContent = `Loaded ${id}: ${m.contextTokens}-token context, ${
          m.multiThread ? `multi-threaded (${m.threads} threads)` : 'one thread'
        }.`),
      (e: unknown) => (status.textContent = messageOf(e)),
    );
  });

  void refresh();
  return {
    root,
    refresh,
    destroy() {
      running?.abort();
      root.remove();
    },
  };
}
