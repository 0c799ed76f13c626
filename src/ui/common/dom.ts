// Building DOM without innerHTML: model replies, run output and task text are untrusted, so
// every string goes in as a text node and markup can never come from data.

type Child = Node | string | number | false | null | undefined;
type Handler = (event: Event) => void;

export interface Attrs {
  class?: string;
  /** Event listeners: { click: fn }. */
  on?: Record<string, Handler>;
  /** data-* attributes without the prefix. */
  data?: Record<string, string>;
  [name: string]: string | number | boolean | undefined | Record<string, Handler> | Record<string, string>;
}

/** h('button', { type: 'button', 'aria-label': 'Stop' }, 'Stop'). Boolean true sets an empty attribute, false/undefined skips it. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === false) continue;
    if (name === 'on') {
      for (const [type, fn] of Object.entries(value as Record<string, Handler>)) el.addEventListener(type, fn);
    } else if (name === 'data') {
      for (const [key, v] of Object.entries(value as Record<string, string>)) el.dataset[key] = v;
    } else if (value === true) {
      el.setAttribute(name, '');
    } else {
      el.setAttribute(name, String(value));
    }
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces an element's content with plain text; markup in the text stays literal. */
export function setText(el: Element, text: string): void {
  el.textContent = text;
}

export function clear(el: Element): void {
  el.replaceChildren();
}

/** True when the element is scrolled to (within a few pixels of) its bottom. */
export function atBottom(el: Element, slack = 24): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= slack;
}

export function show(node: HTMLElement, visible: boolean): void {
  node.hidden = !visible;
}

/** Marks a field invalid and puts the message where screen readers find it. */
export function setFieldError(input: HTMLElement, message: HTMLElement, text: string | undefined): void {
  message.textContent = text ?? '';
  show(message, text !== undefined);
  if (text === undefined) input.removeAttribute('aria-invalid');
  else input.setAttribute('aria-invalid', 'true');
}
