// A remembered strategy is read leniently: a reload after an older version, another program
// writing under the key, or a hand edit must not break the picker, only fall back to its default.
import { describe, expect, it } from 'vitest';
import { parseStoredStrategy } from '../../../src/ui/common/strategy-picker.ts';

const B = { name: 'best-of-n', samples: 5 } as const;

describe('reading a remembered strategy', () => {
  it('gives back what was stored', () => {
    const stored = JSON.stringify({ name: 'codet', samples: 3, trace: true });
    expect(parseStoredStrategy(stored, B)).toEqual({ name: 'codet', samples: 3, trace: true });
  });

  it('keeps a samples count stored beside a strategy that draws one, for switching back', () => {
    expect(parseStoredStrategy(JSON.stringify({ name: 'reflexion', samples: 7, trace: false }))).toEqual({
      name: 'reflexion',
      samples: 7,
      trace: false,
    });
  });

  it('starts from the default when nothing is stored', () => {
    expect(parseStoredStrategy(null)).toEqual({ name: 'repair', samples: 5, trace: false });
    expect(parseStoredStrategy(null, B)).toEqual({ name: 'best-of-n', samples: 5, trace: false });
  });

  it('falls back field by field where the stored text is not ours', () => {
    expect(parseStoredStrategy('not json', B)).toEqual({ name: 'best-of-n', samples: 5, trace: false });
    expect(parseStoredStrategy('[1, 2]', B)).toEqual({ name: 'best-of-n', samples: 5, trace: false });
    expect(parseStoredStrategy(JSON.stringify({ name: 'beam-search', samples: 2.5, trace: 'yes' }), B)).toEqual({
      name: 'best-of-n',
      samples: 5,
      trace: false,
    });
    expect(parseStoredStrategy(JSON.stringify({ name: 'codet' }), { name: 'repair', trace: true })).toEqual({
      name: 'codet',
      samples: 5,
      trace: true,
    });
  });
});
