// The files and command of a "Node.js project" task: a list of files, a plain editor for the one
// picked, and the command that tests the project (npm test by default).
import { DEFAULT_NODE_COMMAND, type ProjectFiles } from '../../shared/node-project.ts';
import { h } from '../common/dom.ts';

export interface ProjectEditor {
  el: HTMLElement;
  get(): ProjectFiles;
  set(project: ProjectFiles): void;
  setLocked(locked: boolean): void;
}

const cleanPath = (path: string): string =>
  path
    .trim()
    .split('/')
    .filter((p) => p && p !== '.' && p !== '..')
    .join('/');

export function mountProjectEditor(onChange: () => void): ProjectEditor {
  let files: Record<string, string> = {};
  let shown = '';
  const list = h('select', { id: 'project-files', size: 6, 'aria-label': 'Project files' });
  const text = h('textarea', {
    id: 'project-file-text',
    class: 'task-prompt project-file-text',
    rows: 12,
    spellcheck: 'false',
    'aria-label': 'File contents',
  });
  const newPath = h('input', { id: 'project-new-path', type: 'text', autocomplete: 'off', placeholder: 'lib/util.js' });
  const add = h('button', { type: 'button', id: 'project-add-file' }, 'Add file');
  const remove = h('button', { type: 'button', id: 'project-remove-file' }, 'Remove file');
  const command = h('input', { id: 'task-command', type: 'text', autocomplete: 'off', value: DEFAULT_NODE_COMMAND });
  const problem = h('p', { class: 'field-hint', role: 'status' });

  const el = h(
    'div',
    { class: 'project-editor', id: 'task-project' },
    h('div', { class: 'field' }, h('label', { for: 'project-files' }, 'Files'), list),
    h('div', { class: 'field' }, h('label', { for: 'project-file-text' }, 'File'), text),
    h('div', { class: 'field project-file-actions' }, newPath, add, remove, problem),
    h('div', { class: 'field' }, h('label', { for: 'task-command' }, 'Command'), command),
  );

  function render(): void {
    list.replaceChildren(...Object.keys(files).map((path) => h('option', { value: path }, path)));
    if (!(shown in files)) shown = Object.keys(files)[0] ?? '';
    list.value = shown;
    text.value = files[shown] ?? '';
    text.disabled = shown === '';
  }

  list.addEventListener('change', () => {
    shown = list.value;
    render();
  });
  text.addEventListener('input', () => {
    if (!shown) return;
    files[shown] = text.value;
    onChange();
  });
  add.addEventListener('click', () => {
    const path = cleanPath(newPath.value);
    if (!path) return void (problem.textContent = 'Name the new file first, for example lib/util.js.');
    if (path in files) return void (problem.textContent = `${path} is already in the project.`);
    problem.textContent = '';
    files[path] = '';
    shown = path;
    newPath.value = '';
    render();
    onChange();
  });
  remove.addEventListener('click', () => {
    if (!shown) return;
    delete files[shown];
    shown = '';
    render();
    onChange();
  });
  command.addEventListener('input', onChange);

  return {
    el,
    get: () => ({ files: { ...files }, command: command.value.trim() || DEFAULT_NODE_COMMAND }),
    set(project) {
      files = { ...project.files };
      shown = '';
      command.value = project.command ?? DEFAULT_NODE_COMMAND;
      problem.textContent = '';
      render();
    },
    setLocked(locked) {
      for (const c of [list, text, newPath, add, remove, command]) c.disabled = locked;
      if (!locked) text.disabled = shown === '';
    },
  };
}
