// Opening a pack: from the bundled sample, a file, or a link. The pack is shown first (title,
// version, licence, short hash, exercises); nothing runs and no model is called until Start.
// In teacher mode a draft kept in this browser opens at once instead.
import sample from '../../../data/packs/intro-python.json';
import { packHash } from '../../classroom/canonical.ts';
import { decodePackLink } from '../../classroom/link.ts';
import { type Pack } from '../../classroom/types.ts';
import { parsePack, validatePack } from '../../classroom/validate.ts';
import type { Runtime } from '../../shared/run.ts';
import { ClassroomStore } from '../../store/classroom-store.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import type { ClassroomModels } from './models.ts';
import { mountStudentView } from './student-view.ts';
import { newPack } from './new-pack.ts';
import { mayReplace, openDrafts, storedDraft, unreadable } from './teacher-entry.ts';

export interface OpenerOptions {
  runtime: Runtime;
  models: ClassroomModels;
  /** The location's hash: a share link opens its pack's preview. */
  hash: string;
  /** Opened as ?teacher: editing is offered first. */
  teacher: boolean;
  /** Said first in the status line (a discarded or unreadable draft). */
  notice?: string;
}

export function mountPackOpener(root: HTMLElement, o: OpenerOptions): void {
  const { runtime, models, hash } = o;
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'classroom-open-status' }, o.notice);
  const preview = h('section', { 'aria-label': 'Pack' });
  const fileInput = h('input', { type: 'file', id: 'pack-file', accept: '.json,application/json' });
  fileInput.addEventListener('change', () => {
    const f = fileInput.files?.[0];
    if (f) void f.text().then((t) => show(() => parsePack(t, f.name)));
  });
  append(
    root,
    h(
      'main',
      { class: 'classroom-open' },
      h('h1', null, o.teacher ? 'Classroom: teacher' : 'Classroom'),
      h(
        'p',
        null,
        h(
          'button',
          { type: 'button', on: { click: () => void show(() => validatePack(sample, 'sample pack')) } },
          'Open the sample pack',
        ),
        ' ',
        h('label', { for: 'pack-file' }, 'or open a pack file: '),
        fileInput,
      ),
      o.teacher
        ? h(
            'p',
            null,
            h(
              'button',
              { type: 'button', on: { click: () => void edit(newPack(), 'new-pack.json') } },
              'Write a new pack',
            ),
          )
        : null,
      status,
      preview,
    ),
  );

  async function show(load: () => Pack | Promise<Pack>): Promise<void> {
    clear(preview);
    setText(status, 'Reading the pack…');
    let pack: Pack;
    try {
      pack = await load();
    } catch (err) {
      setText(status, `This pack cannot be opened: ${(err as Error).message}`);
      return;
    }
    const short = await packHash(pack);
    setText(status, '');
    const start = h('button', { type: 'button', on: { click: () => void begin(pack, short) } }, 'Start');
    const teach = h(
      'button',
      { type: 'button', on: { click: () => void edit(pack, `${pack.id}.json`) } },
      'Edit as teacher',
    );
    append(
      preview,
      h('h2', null, pack.title),
      h('p', null, `Version ${pack.version} · licence ${pack.license} · pack ${short}`),
      h('ol', null, ...pack.exercises.map((e) => h('li', null, e.title))),
      h('p', null, 'Nothing runs until you start.'),
      h('p', null, start, ' ', teach),
    );
    (o.teacher ? teach : start).focus();
  }

  async function begin(pack: Pack, short: string): Promise<void> {
    const store = await ClassroomStore.open().catch(() => undefined);
    clear(root);
    mountStudentView(root, { pack, hash: short, runtime, store, models });
  }

  async function edit(pack: Pack, fileName: string): Promise<void> {
    const drafts = await openDrafts();
    if (!(await mayReplace(drafts.store, pack.title))) return;
    await teach({ draft: structuredClone(pack), fileName });
  }

  async function teach(start: { draft: Record<string, unknown>; fileName: string; restoredAt?: number }) {
    const [{ mountTeacherView }, drafts] = await Promise.all([import('./teacher-view.ts'), openDrafts()]);
    clear(root);
    const again = (notice: string): void => {
      clear(root);
      mountPackOpener(root, { ...o, notice });
    };
    mountTeacherView(root, { ...start, ...drafts, runtime, models, onDiscard: () => again('Draft discarded.') });
  }

  async function resume(): Promise<void> {
    const { store } = await openDrafts();
    if (!store) return;
    const stored = await storedDraft(store);
    if (stored.kind === 'unreadable') return setText(status, stored.message);
    if (stored.kind === 'none') return;
    const { pack, fileName, savedAt } = stored.draft;
    try {
      await teach({ draft: pack, fileName, restoredAt: savedAt });
    } catch (err) {
      // Read back, yet the form could not show it: the draft is no use, and the page must work.
      await store.discard().catch(() => undefined);
      clear(root);
      mountPackOpener(root, { ...o, notice: unreadable((err as Error).message) });
    }
  }

  // A notice means this opener replaces a draft just discarded or found unreadable: none is left.
  if (o.teacher && !hash.startsWith('#pack') && !o.notice) void resume();

  if (hash.startsWith('#pack')) {
    void show(async () => {
      const target = await decodePackLink(hash);
      if (target.kind === 'pack') return target.pack;
      if (target.kind === 'url') {
        const res = await fetch(target.url, { credentials: 'omit' });
        if (!res.ok) throw new Error(`${target.url} answered ${res.status}`);
        return parsePack(await res.text(), target.url);
      }
      throw new Error('the link holds no pack');
    });
  }
}
