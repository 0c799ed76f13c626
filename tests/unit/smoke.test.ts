import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/shared/run.ts';
describe('shared', () => { it('has default limits', () => { expect(DEFAULT_LIMITS.timeoutSec).toBe(3); }); });
