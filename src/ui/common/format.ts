// How numbers read on the page: short enough for a timeline cell, exact enough to compare.
import type { Usage } from '../../shared/model.ts';

/** 420 ms, 4.2 s, 2 min 05 s. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const totalSec = Math.round(ms / 1000);
  const min = Math.floor(totalSec / 60);
  const sec = totalSec % 60;
  return `${min} min ${String(sec).padStart(2, '0')} s`;
}

/** 950, 1.2k, 12k, 1.3M. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const abs = Math.abs(n);
  if (abs < 1000) return String(Math.round(n));
  if (abs < 10_000) return `${trimZero((n / 1000).toFixed(1))}k`;
  if (abs < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${trimZero((n / 1_000_000).toFixed(1))}M`;
}

/** "1.2k in / 340 out"; estimates get "≈" so nobody mistakes them for the endpoint's counts. */
export function formatTokens(usage: Usage): string {
  const mark = usage.estimated ? '≈' : '';
  return `${mark}${formatCount(usage.inputTokens)} in / ${mark}${formatCount(usage.outputTokens)} out`;
}

/** "≈1.2k / ≈340": the same as formatTokens for a narrow cell whose header says "in / out". */
export function formatTokenPair(usage: Usage): string {
  const mark = usage.estimated ? '≈' : '';
  return `${mark}${formatCount(usage.inputTokens)} / ${mark}${formatCount(usage.outputTokens)}`;
}

function trimZero(s: string): string {
  return s.endsWith('.0') ? s.slice(0, -2) : s;
}
