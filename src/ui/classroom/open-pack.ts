// Opening a pack: from the bundled sample, a file, or a link. The pack is shown first (title,
// version, licence, short hash, exercises); nothing runs and no model is called until Start.
// In teacher mode a draft kept in this browser opens instead; it is looked up before anything
// is drawn, so the opener's buttons do not flash up and vanish (the lookup is quick, and when
// storage fails the opener is drawn all the same).
import sample from '../../../data/packs/intro-python.json';
import { packHash } from '../../classroom/canonical.ts';
import { decodePackLink } from '../../classroom/link.ts';
import { PACK_FILE_LIMIT, type Pack } from '../../classroom/types.ts';
import { parsePack, validatePack } from '../../classroom/validate.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { readCappedText } from '../../shared/read-capped.ts';
import type { Runtime } from '../../shared/runtime.ts';
import { ClassroomStore } from '../../store/classroom-store.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import type { ClassroomModels } from './models.ts';
import { mountStudentView } from './student-view.ts';
import { newPack } from './new-pack.ts';
import { classroomBar } from './page-bar.ts';
import './classroom.css';
import { mayReplace, openDrafts, storedDraft, unreadable } from './teacher-entry.ts';
import type { TeacherStart } from './teacher-session.ts';

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
  const again = (notice: string): void => {
    clear(root);
    mountPackOpener(root, { ...o, notice });
  };
  const teach = async (start: TeacherStart): Promise<void> => {
    const { openTeacher } = await import('./teacher-session.ts');
    await openTeacher(root, start, { runtime: o.runtime, models: o.models, onClosed: again });
  };
  // A notice means this opener replaces a draft just discarded or found unreadable: none is left.
  if (o.teacher && !o.hash.startsWith('#pack') && !o.notice) {
    void resume(teach).then(
      (notice) => {
        if (notice !== false) renderOpener(root, o, teach, notice);
      },
      (err: unknown) => renderOpener(root, o, teach, unreadable(errorMessage(err))),
    );
  } else renderOpener(root, o, teach, o.notice);
}

/** Opens the stored draft; false when it did, else what to say first (an unreadable draft). */
async function resume(teach: (start: TeacherStart) => Promise<void>): Promise<string | undefined | false> {
  const { store } = await openDrafts();
  if (!store) return undefined;
  const stored = await storedDraft(store);
  if (stored.kind === 'unreadable') return stored.message;
  if (stored.kind === 'none') return undefined;
  const { pack, fileName, savedAt } = stored.draft;
  try {
    await teach({ draft: pack, fileName, restoredAt: savedAt });
  } catch (err) {
    // Read back, yet the form could not show it: the draft is no use, and the page must work.
    await store.discard().catch(() => undefined);
    return unreadable(errorMessage(err));
  }
  return false;
}

function renderOpener(
  root: HTMLElement,
  o: OpenerOptions,
  teach: (start: TeacherStart) => Promise<void>,
  notice: string | undefined,
): void {
  const { runtime, models, hash } = o;
  clear(root);
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'classroom-open-status' }, notice);
  const preview = h('section', { 'aria-label': 'Pack', class: 'panel classroom-preview' });
  const fileInput = h('input', { type: 'file', id: 'pack-file', accept: '.json,application/json' });
  fileInput.addEventListener('change', () => {
    const f = fileInput.files?.[0];
    if (f) void show(async () => parsePack(await readCappedText(f.stream(), f.name, PACK_FILE_LIMIT), f.name));
  });
  // A student who opened a share link is shown that pack only: no other pack to open, no editing.
  const viaLink = hash.startsWith('#pack') && !o.teacher;
  append(
    root,
    classroomBar(o.teacher ? 'Classroom: teacher' : 'Classroom'),
    h(
      'main',
      { class: 'classroom-open' },
      h('h1', null, o.teacher ? 'Open a pack to edit' : viaLink ? 'A shared pack' : 'Open a pack'),
      viaLink
        ? null
        : h(
            'p',
            { class: 'classroom-open-row' },
            h(
              'button',
              { type: 'button', on: { click: () => void show(() => validatePack(sample, 'sample pack')) } },
              'Open the sample pack',
            ),
            h('label', { for: 'pack-file' }, 'or open a pack file:'),
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
    const start = h(
      'button',
      { type: 'button', class: 'primary', on: { click: () => void begin(pack, short) } },
      'Start',
    );
    const teachButton = h(
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
      h('p', { class: 'classroom-actions' }, start, viaLink ? null : teachButton),
    );
    (o.teacher ? teachButton : start).focus();
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

  if (hash.startsWith('#pack')) {
    void show(async () => {
      const target = await decodePackLink(hash);
      if (target.kind === 'pack') return target.pack;
      if (target.kind === 'url') {
        const res = await fetch(target.url, { credentials: 'omit' });
        if (!res.ok) throw new Error(`${target.url} answered ${res.status}`);
        return parsePack(await readCappedText(res.body, target.url, PACK_FILE_LIMIT), target.url);
      }
      throw new Error('the link holds no pack');
    });
  }
}
