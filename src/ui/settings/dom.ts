// A tiny element builder, so the view reads as its structure.
export type Attrs = Record<string, string | boolean | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) node.append(child);
  return node;
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
