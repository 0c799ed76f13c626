// Rich output of an action, drawn the way a notebook draws Jupyter's display data. HTML and SVG
// come from the model's code, so they go through DOMPurify first: no script, no event handler
// attribute, no <style> that would restyle the page, and no address outside the page (an <img>
// pointing at a server would carry data out of the sandbox by its URL).
import DOMPurify from 'dompurify';
import type { RichOutput } from '../../shared/agent.ts';
import { h } from '../common/dom.ts';
import { renderStatement } from '../classroom/statement.ts';

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'link'];
const FORBID_ATTR = ['style', 'srcset', 'action', 'formaction', 'ping', 'background'];
const LOCAL = /^(data:image\/(png|jpeg|gif|webp);base64,|#)/i;

let hooked = false;
function purifier(): typeof DOMPurify {
  if (hooked) return DOMPurify;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['src', 'xlink:href', 'poster']) {
      const value = node.getAttribute(name);
      if (value !== null && !LOCAL.test(value.trim())) node.removeAttribute(name);
    }
    const href = node.getAttribute('href');
    if (href !== null && node.tagName.toLowerCase() !== 'a' && !LOCAL.test(href.trim())) node.removeAttribute('href');
    if (node.tagName.toLowerCase() === 'a' && href !== null) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return DOMPurify;
}

/** Sanitised HTML as a fragment; `svg` keeps SVG's elements and drops HTML's. */
function sanitised(markup: string, svg = false): DocumentFragment {
  return purifier().sanitize(markup, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS,
    FORBID_ATTR,
    ...(svg ? { USE_PROFILES: { svg: true, svgFilters: true } } : {}),
  });
}

const IMAGE = /^image\/(png|jpeg|gif|webp)$/;

export function richOutput(item: RichOutput): HTMLElement {
  const box = h('div', { class: 'agent-rich', 'data-mime': item.mime, 'data-testid': 'agent-rich' });
  if (item.mime === 'text/html') box.append(sanitised(item.data));
  else if (item.mime === 'image/svg+xml') box.append(sanitised(item.data, true));
  else if (IMAGE.test(item.mime))
    box.append(
      h('img', { src: `data:${item.mime};base64,${item.data.replace(/\s+/g, '')}`, alt: 'Picture the code displayed' }),
    );
  else if (item.mime === 'text/markdown') renderStatement(box, item.data);
  else box.append(h('pre', { class: 'agent-text' }, item.data));
  return box;
}
