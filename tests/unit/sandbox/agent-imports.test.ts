// The modules an agent action imports, found before it runs so the page can fetch their packages.
import { describe, expect, it } from 'vitest';
import { importedModules } from '../../../src/sandbox/agent/packages.ts';

describe('importedModules', () => {
  it('finds import and from-import at any indentation, top-level names once', () => {
    const code = [
      'import numpy as np, pandas',
      'from matplotlib.pyplot import plot',
      'def f():',
      '    import sklearn.linear_model',
      '    from PIL import Image',
      'import numpy.linalg',
    ].join('\n');
    expect(importedModules(code)).toEqual(['numpy', 'pandas', 'matplotlib', 'sklearn', 'PIL']);
  });

  it('reads parenthesised lists and skips relative imports, comments and words in strings', () => {
    const code = [
      'from os import (path,',
      '    sep)',
      'from . import local',
      'import json  # import yaml',
      "x = 'import scipy'",
      'important = 1',
    ].join('\n');
    expect(importedModules(code)).toEqual(['os', 'json']);
  });
});
