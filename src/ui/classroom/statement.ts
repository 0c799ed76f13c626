// A statement's Markdown drawn as DOM nodes: every piece of text goes in as a text node.
import { parseMarkdown, type Span } from '../../classroom/markdown.ts';
import { append, clear, h } from '../common/dom.ts';

const span = (s: Span): Node | string =>
  s.kind === 'text' ? s.text : h(s.kind === 'code' ? 'code' : s.kind === 'strong' ? 'strong' : 'em', null, s.text);

export function renderStatement(root: HTMLElement, markdown: string): void {
  clear(root);
  for (const b of parseMarkdown(markdown)) {
    if (b.kind === 'paragraph') append(root, h('p', null, ...b.spans.map(span)));
    else if (b.kind === 'heading') append(root, h(b.level <= 2 ? 'h3' : 'h4', null, ...b.spans.map(span)));
    else if (b.kind === 'code')
      append(root, h('pre', { data: b.lang ? { lang: b.lang } : {} }, h('code', null, b.text)));
    else append(root, h(b.ordered ? 'ol' : 'ul', null, ...b.items.map((item) => h('li', null, ...item.map(span)))));
  }
}
