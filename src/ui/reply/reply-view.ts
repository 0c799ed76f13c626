// The model's reply as it streams: prose and fenced code blocks, the reasoning apart and folded,
// a status line. Text goes into text nodes only: a reply is untrusted.
import { atBottom, h, setText } from '../common/dom.ts';
import type { BlockKind, ReplyEvent } from './reply-parser.ts';
import { ReplyParser } from './reply-parser.ts';

export type StatusTone = 'idle' | 'busy' | 'ok' | 'error';

export interface ReplyView {
  /** "Waiting for the model…", "Running attempt 2…". */
  setStatus(text: string, tone?: StatusTone): void;
  append(text: string): void;
  appendReasoning(text: string): void;
  /** Shows a finished reply at once (an earlier attempt's). */
  show(text: string, reasoning?: string): void;
  clear(): void;
  /** The reply text received since the last clear. */
  text(): string;
  dispose(): void;
}

export function mountReply(root: HTMLElement): ReplyView {
  // Not live: the page's announcer says the loop's progress in fewer words.
  const status = h('div', {
    class: 'reply-status',
    'data-testid': 'reply-status',
    data: { tone: 'idle' },
  });
  const reasoningText = h('pre', {
    class: 'reply-reasoning-text',
    tabindex: 0,
    role: 'region',
    'aria-label': 'Reasoning text',
  });
  const reasoning = h(
    'details',
    { class: 'reply-reasoning', hidden: true },
    h('summary', null, 'Reasoning'),
    reasoningText,
  );
  const body = h('div', {
    class: 'reply-body',
    tabindex: 0,
    role: 'region',
    'aria-label': 'Reply text',
    'data-testid': 'reply',
  });
  const latest = h(
    'button',
    { type: 'button', class: 'reply-latest', hidden: true },
    h('span', { 'aria-hidden': 'true' }, '↓ '),
    'Latest',
  );
  // The panel around it is already the "Model reply" region.
  const el = h('div', { class: 'reply' }, status, reasoning, body, latest);
  root.append(el);

  let parser: ReplyParser;
  let block: Text;
  // The incomplete last line lives in its own node, so a line that turns out to be a fence can be
  // taken back without re-rendering the block.
  const tail = document.createTextNode('');
  let full = '';
  // Follow the stream until the person scrolls up; scrolling back to the bottom follows again.
  let follow = true;
  let frame = 0;

  function openBlock(kind: BlockKind, lang: string): void {
    block = document.createTextNode('');
    const node =
      kind === 'code'
        ? // A long line scrolls sideways, so the block takes focus for the arrow keys.
          h(
            'pre',
            {
              class: 'reply-code',
              tabindex: 0,
              role: 'region',
              'aria-label': lang ? `Code, ${lang}` : 'Code',
              data: lang ? { lang } : {},
            },
            h('code', null, block),
          )
        : h('div', { class: 'reply-prose' }, block);
    (node.firstElementChild ?? node).append(tail);
    body.append(node);
  }

  function onEvent(e: ReplyEvent): void {
    if (e.type === 'open') openBlock(e.kind, e.lang);
    else block.appendData(e.text);
  }

  function reset(): void {
    body.replaceChildren();
    tail.data = '';
    full = '';
    parser = new ReplyParser(onEvent);
    openBlock('prose', '');
    reasoningText.textContent = '';
    reasoning.hidden = true;
    reasoning.open = false;
    follow = true;
    latest.hidden = true;
  }

  function scrollSoon(): void {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (follow) body.scrollTop = body.scrollHeight;
      else latest.hidden = false;
    });
  }

  body.addEventListener('scroll', () => {
    follow = atBottom(body);
    if (follow) latest.hidden = true;
  });
  latest.addEventListener('click', () => {
    follow = true;
    latest.hidden = true;
    body.scrollTop = body.scrollHeight;
  });

  function append(text: string): void {
    if (!text) return;
    full += text;
    parser.push(text);
    tail.data = parser.pending();
    scrollSoon();
  }

  function appendReasoning(text: string): void {
    if (!text) return;
    reasoning.hidden = false;
    reasoningText.append(text);
  }

  reset();
  return {
    setStatus(text, tone = 'idle') {
      setText(status, text);
      status.dataset.tone = tone;
    },
    append,
    appendReasoning,
    show(text, reasoningFull) {
      reset();
      if (reasoningFull) appendReasoning(reasoningFull);
      append(text);
    },
    clear: reset,
    text: () => full,
    dispose() {
      cancelAnimationFrame(frame);
      el.remove();
    },
  };
}
