// The strategy views as the page mounts them: the views (attempt-details.ts) are their own chunk,
// fetched only once an attempt carries a diagnosis, samples or a trace, so sessions without any
// never load them. Only the latest attempt asked for is drawn, however the loads interleave.
import type { Attempt } from '../../shared/session.ts';
import type * as Details from './attempt-details.ts';
import type { TraceContext } from './trace-rows.ts';

export interface StrategyDetails {
  /** Shows what `a` carries, or empties both places when it carries nothing. */
  show(a: Attempt | undefined, ctx: TraceContext): void;
}

type Views = typeof Details;

export function mountStrategyDetails(strategyRoot: HTMLElement, traceRoot: HTMLElement): StrategyDetails {
  let views: Promise<Views> | undefined;
  let latest = 0;
  return {
    show(a, ctx) {
      const ask = ++latest;
      // Another attempt's samples must not stay on view as this one's while the views load.
      strategyRoot.replaceChildren();
      traceRoot.replaceChildren();
      if (!a || (a.reflection === undefined && a.selection === undefined && !a.result?.trace)) return;
      views ??= import('./attempt-details.ts');
      views.then(
        (v) => {
          if (ask !== latest) return;
          v.renderStrategy(strategyRoot, a);
          v.renderTrace(traceRoot, a, ctx);
        },
        () => {
          // The chunk did not load (offline before it was cached): the feedback text still has it all.
          views = undefined;
        },
      );
    },
  };
}
