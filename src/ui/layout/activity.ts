// What the loop is doing, one line per step: asking the model, waiting out a rate limit,
// retrying after a dropped stream, running a candidate. The reply's status line shows only the
// latest; this keeps the run's story so a passing message is not lost.
import { h, setText } from '../common/dom.ts';

type ActivityTone = 'busy' | 'ok' | 'error' | 'idle';

export interface Activity {
  add(text: string, tone?: ActivityTone): void;
  clear(): void;
}

const KEEP = 200;

export function mountActivity(root: HTMLElement): Activity {
  const list = h('ol', {
    class: 'activity-list',
    tabindex: 0,
    'aria-label': 'Activity log',
    'data-testid': 'activity',
  });
  const el = h('details', { class: 'activity' }, h('summary', null, 'Activity'), list);
  root.append(el);
  return {
    add(text, tone = 'busy') {
      const time = new Date().toLocaleTimeString();
      const item = h('li', { data: { tone } }, h('time', null, time), ' ');
      item.append(document.createTextNode(text));
      list.append(item);
      while (list.childElementCount > KEEP) list.firstElementChild?.remove();
      list.scrollTop = list.scrollHeight;
    },
    clear() {
      setText(list, '');
    },
  };
}
