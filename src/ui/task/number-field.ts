// A labelled numeric input that refuses bad values out loud: the message sits next to the field
// and is tied to it for screen readers. The page refuses to run while a field holds a refused
// value (error()), so the message says that rather than which earlier value is kept.
import { h, setText } from '../common/dom.ts';
import type { NumberRule } from './validate.ts';
import { parseNumber } from './validate.ts';

export interface NumberField {
  el: HTMLElement;
  /** The last accepted value (undefined: an optional field left empty). */
  value(): number | undefined;
  set(value: number | undefined): void;
  /** The message of a refused value, else undefined. */
  error(): string | undefined;
  setDisabled(disabled: boolean): void;
}

let nextId = 0;

export function numberField(
  label: string,
  rule: NumberRule,
  initial: number | undefined,
  onAccept: () => void,
  hint?: string,
): NumberField {
  const id = `num-field-${++nextId}`;
  const input = h('input', {
    id,
    type: 'text',
    inputmode: rule.integer ? 'numeric' : 'decimal',
    autocomplete: 'off',
    'aria-describedby': `${id}-msg`,
    placeholder: rule.optional ? 'no limit' : undefined,
  });
  const message = h('span', { id: `${id}-msg`, class: 'field-message', 'aria-live': 'polite' });
  const el = h('div', { class: 'num-field' }, h('label', { for: id }, label), input, message);
  let accepted = initial;
  let refused: string | undefined;

  const show = (text: string): void => {
    setText(message, text);
    input.setAttribute('aria-invalid', String(refused !== undefined));
    el.classList.toggle('invalid', refused !== undefined);
  };

  input.addEventListener('input', () => {
    const parsed = parseNumber(input.value, rule);
    if (parsed.ok) {
      refused = undefined;
      accepted = parsed.value;
      show(hint ?? '');
      onAccept();
    } else {
      refused = parsed.message;
      show(`${parsed.message} Nothing runs until it is corrected.`);
    }
  });

  const set = (value: number | undefined): void => {
    accepted = value;
    refused = undefined;
    input.value = value === undefined ? '' : String(value);
    show(hint ?? '');
  };
  set(initial);

  return {
    el,
    value: () => accepted,
    set,
    error: () => refused && `${label}: ${refused}`,
    setDisabled(disabled) {
      input.disabled = disabled;
    },
  };
}
