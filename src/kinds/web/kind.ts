// One HTML document, checked by JavaScript run in the rendered page.
import type { KindModule } from '../kind.ts';

export const webKind: KindModule<'web'> = {
  kind: 'web',
  label: 'Web page',
  runner: 'loop',
  testsIntro: () => ({
    text: "The page will be checked with this JavaScript, run in it once it has loaded (assert is Node's):",
    fence: 'javascript',
  }),
  grouping: 'calls',
  proposesTests: true,
};
