// The Benchmark view with the demo model: it knows only the loop page's examples and six of the
// bundled SQL questions, so most dataset tasks would end with no code and the run would read
// "0 passed" with empty plots. The view says so before a run, with the way to Settings, and
// starts one only on the bundled SQL set, where it says which questions the demo answers.
import { demoCannot, isDemoEndpoint } from '../../models/demo.ts';
import { DEMO_BIRD_MINI_IDS } from '../../models/demo-script-sql.ts';
import type { EndpointConfig } from '../../shared/model.ts';
import { h, setText } from '../common/dom.ts';
import { demoNotice } from '../common/demo-notice.ts';

export interface DemoGate {
  el: HTMLElement;
  /** Shows or hides the notice for the endpoint and dataset as set now. */
  refresh(): void;
  /** Why a run may not start, or undefined. */
  refusal(): string | undefined;
}

/** The bundled set the demo model answers part of. */
const DEMO_SQL_SET = 'bird-mini';

const SQL_NOTE =
  `The demo model is scripted: of these 24 SQL questions it answers six (question_id ${DEMO_BIRD_MINI_IDS.join(', ')}; ` +
  'three of them after one repair), and the others end failed. For a real score, set a real model endpoint in Settings.';

export function benchDemoGate(host: { endpoint(): EndpointConfig; dataset(): string; openSettings(): void }): DemoGate {
  const settings = h(
    'button',
    { type: 'button', on: { click: () => host.openSettings() }, 'data-testid': 'bench-open-settings' },
    'Open Settings',
  );
  const text = h('span', { 'data-testid': 'bench-demo-text' });
  const el = demoNotice('', text, ' ', settings);
  const demo = (): boolean => isDemoEndpoint(host.endpoint());
  const sqlSet = (): boolean => host.dataset() === DEMO_SQL_SET;
  const refresh = (): void => {
    el.hidden = !demo();
    setText(text, sqlSet() ? SQL_NOTE : demoCannot('solve benchmark tasks (each would end with no code)'));
  };
  refresh();
  return {
    el,
    refresh,
    refusal: () =>
      demo() && !sqlSet()
        ? 'Not started: the demo model cannot solve benchmark tasks; set a real model in Settings.'
        : undefined,
  };
}
