import { describe, expect, it } from 'vitest';
import { capToKiB, kibToCap } from '../../../src/ui/task/output-cap.ts';

describe('output cap field', () => {
  it('gives back a cap that is no whole number of KiB exactly as it was set', () => {
    expect(capToKiB(1000)).toBe(0.98);
    expect(kibToCap(capToKiB(1000), 1000)).toBe(1000);
    expect(kibToCap(capToKiB(4097), 4097)).toBe(4097);
    expect(kibToCap(undefined, 1000)).toBe(1000);
  });

  it('turns a value the user typed into bytes', () => {
    expect(kibToCap(2, 1000)).toBe(2048);
    expect(kibToCap(0.5, 65536)).toBe(512);
    expect(kibToCap(64, 65536)).toBe(65536);
  });
});
