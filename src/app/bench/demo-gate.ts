// The Benchmark view with the demo model: it knows only the loop page's examples, so every
// dataset task would end with no code and the run would read "0 passed" with empty plots. The
// view says so before a run, with the way to Settings, and does not start one.
import { demoCannot, isDemoEndpoint } from '../../models/demo.ts';
import type { EndpointConfig } from '../../shared/model.ts';
import { h } from '../../ui/common/dom.ts';
import { demoNotice } from '../../ui/common/demo-notice.ts';

export interface DemoGate {
  el: HTMLElement;
  /** Shows or hides the notice for the endpoint as set now. */
  refresh(): void;
  /** Why a run may not start, or undefined. */
  refusal(): string | undefined;
}

export function benchDemoGate(host: { endpoint(): EndpointConfig; openSettings(): void }): DemoGate {
  const settings = h(
    'button',
    { type: 'button', on: { click: () => host.openSettings() }, 'data-testid': 'bench-open-settings' },
    'Open Settings',
  );
  const el = demoNotice(demoCannot('solve benchmark tasks (each would end with no code)'), ' ', settings);
  const demo = (): boolean => isDemoEndpoint(host.endpoint());
  const refresh = (): void => void (el.hidden = !demo());
  refresh();
  return {
    el,
    refresh,
    refusal: () =>
      demo() ? 'Not started: the demo model cannot solve benchmark tasks; set a real model in Settings.' : undefined,
  };
}
