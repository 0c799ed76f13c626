// Every strategy a user can pick: its name as the command line and history write it, a label and
// a one-line explanation for the page, and how it is made from the settings.
import { DEFAULT_SAMPLES, type StrategyName, type StrategySettings } from '../../shared/strategy.ts';
import type { Strategy } from '../strategy.ts';
import { bestOfN } from './best-of-n.ts';
import { codet } from './codet.ts';
import { reflexion } from './reflexion.ts';
import { repair } from './repair.ts';

export interface StrategyInfo {
  name: StrategyName;
  label: string;
  explanation: string;
  /** Takes `samples` (candidates drawn per round). */
  sampled: boolean;
  /** A fresh strategy for one run: selection strategies keep what they did in this run. */
  make(settings: StrategySettings): Strategy;
}

const samplesOf = (s: StrategySettings): number =>
  s.samples !== undefined && Number.isInteger(s.samples) && s.samples > 0 ? s.samples : DEFAULT_SAMPLES;

export const STRATEGIES: Readonly<Record<StrategyName, StrategyInfo>> = {
  repair: {
    name: 'repair',
    label: 'Repair',
    explanation: 'One candidate at a time, each repaired from the feedback of the last run.',
    sampled: false,
    make: () => repair,
  },
  reflexion: {
    name: 'reflexion',
    label: 'Reflexion',
    explanation: 'After each failure the model first says what went wrong; those notes go with every later request.',
    sampled: false,
    make: () => reflexion,
  },
  'best-of-n': {
    name: 'best-of-n',
    label: 'Best of N',
    explanation:
      'Draws N candidates at once, keeps those passing the visible tests, and picks from the largest group that behaves alike on extra inputs.',
    sampled: true,
    make: (s) => bestOfN(samplesOf(s)),
  },
  codet: {
    name: 'codet',
    label: 'CodeT',
    explanation:
      'Draws N candidates with tests of their own and picks the code most tests and candidates agree on; a test the agreeing code all fails is flagged, not trusted.',
    sampled: true,
    make: (s) => codet(samplesOf(s)),
  },
};

export function strategyFor(settings?: StrategySettings): Strategy {
  return (STRATEGIES[settings?.name ?? 'repair'] ?? STRATEGIES.repair).make(settings ?? { name: 'repair' });
}
