// Context size, reply cap, memory bound and threads for the in-page model; saved as they change.
import type { LocalPrefs } from '../../models/local/prefs.ts';
import { h } from '../common/dom.ts';

export function prefsFields(initial: LocalPrefs, onChange: (p: LocalPrefs) => void): { root: HTMLElement } {
  const num = (name: string, value: number | undefined, placeholder: string): HTMLInputElement =>
    h('input', { name, inputmode: 'numeric', placeholder, value: value === undefined ? '' : String(value) });
  const context = num('contextTokens', initial.contextTokens, '4096');
  const reply = num('maxReplyTokens', initial.maxReplyTokens, '1024');
  const memory = num('memoryLimitMiB', initial.memoryLimitMiB, 'device and WebAssembly limits');
  const threads = num('threads', initial.threads, 'automatic');
  const read = (input: HTMLInputElement): number | undefined => {
    const n = Number(input.value.trim());
    return input.value.trim() !== '' && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
  };
  const changed = (): void => {
    const p: LocalPrefs = {
      contextTokens: read(context) ?? initial.contextTokens,
      maxReplyTokens: read(reply) ?? initial.maxReplyTokens,
    };
    const mem = read(memory);
    if (mem !== undefined) p.memoryLimitMiB = mem;
    const t = read(threads);
    if (t !== undefined) p.threads = t;
    onChange(p);
  };
  for (const input of [context, reply, memory, threads]) input.addEventListener('change', changed);
  const root = h(
    'div',
    { class: 'fp-local-prefs' },
    h('label', { class: 'fp-local-field' }, 'Context (tokens)', context),
    h('label', { class: 'fp-local-field' }, 'Longest reply (tokens)', reply),
    h('label', { class: 'fp-local-field' }, 'Memory limit (MiB)', memory),
    h('label', { class: 'fp-local-field' }, 'Threads', threads),
  );
  return { root };
}
