// The agent's input files: dropped on the zone or picked with the button (a real file input, so
// the keyboard reaches it), listed by name and size, each with a button that removes it.
import type { AgentFile } from '../../shared/agent.ts';
import { fileFromBytes, withFile } from '../../shared/agent-files.ts';
import { formatBytes } from '../../shared/format.ts';
import { h } from '../common/dom.ts';

/** One file past this is refused before it is read: the session keeps its files in the browser. */
const FILE_LIMIT = 50 * 1024 * 1024;

export interface FileZone {
  el: HTMLElement;
  files(): AgentFile[];
  set(files: readonly AgentFile[]): void;
  setLocked(locked: boolean): void;
}

export function mountFileZone(onChange: () => void): FileZone {
  let files: AgentFile[] = [];
  const input = h('input', { id: 'agent-file-input', type: 'file', multiple: true, hidden: true });
  const pick = h(
    'button',
    { type: 'button', 'data-testid': 'agent-add-files', on: { click: () => input.click() } },
    'Add files…',
  );
  const list = h('ul', { class: 'agent-files', 'data-testid': 'agent-files', 'aria-label': 'Files for the code' });
  const problem = h('p', { class: 'agent-file-problem', role: 'alert', 'data-testid': 'agent-file-problem' });
  const zone = h(
    'div',
    { class: 'agent-drop', 'data-testid': 'agent-drop' },
    h('span', null, 'Drop files here, or '),
    input,
    pick,
  );
  const el = h(
    'div',
    { class: 'field agent-files-field' },
    h('span', { class: 'field-label' }, 'Files'),
    zone,
    problem,
    list,
  );

  const render = (): void => {
    list.replaceChildren(
      ...files.map((f) =>
        h(
          'li',
          { 'data-name': f.name },
          h('span', { class: 'agent-file-name' }, f.name),
          h('span', { class: 'agent-file-size' }, formatBytes(f.size)),
          h(
            'button',
            {
              type: 'button',
              class: 'agent-file-remove',
              'aria-label': `Remove ${f.name}`,
              on: {
                click: () =>
                  set(
                    files.filter((x) => x !== f),
                    true,
                  ),
              },
            },
            'Remove',
          ),
        ),
      ),
    );
    list.hidden = files.length === 0;
  };
  const set = (next: readonly AgentFile[], changed = false): void => {
    files = [...next];
    render();
    if (changed) onChange();
  };
  const add = async (picked: readonly File[]): Promise<void> => {
    const refused: string[] = [];
    for (const f of picked) {
      if (f.size > FILE_LIMIT) {
        refused.push(`${f.name} is ${formatBytes(f.size)}, past the limit of ${formatBytes(FILE_LIMIT)} a file.`);
        continue;
      }
      files = withFile(files, fileFromBytes(f.name, new Uint8Array(await f.arrayBuffer())));
    }
    problem.textContent = refused.join(' ');
    set(files, true);
  };

  input.addEventListener('change', () => {
    void add([...(input.files ?? [])]);
    input.value = '';
  });
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    void add([...(e.dataTransfer?.files ?? [])]);
  });
  render();
  return {
    el,
    files: () => [...files],
    set: (next) => {
      problem.textContent = '';
      set(next);
    },
    setLocked(locked) {
      input.disabled = pick.disabled = locked;
      zone.classList.toggle('locked', locked);
      for (const b of list.querySelectorAll('button')) b.disabled = locked;
    },
  };
}
