// The output cap is stored in bytes and edited in KiB, shown to two decimals. A cap that is no
// whole number of KiB (1000 bytes shows as 0.98) must come back as it was, not as 0.98 × 1024.

const KIB = 1024;

/** The cap in KiB as the field shows it: two decimals at most. */
export function capToKiB(bytes: number): number {
  return Math.round((bytes / KIB) * 100) / 100;
}

/** The cap in bytes for what the field holds: the cap it was set from when the field shows that one unchanged. */
export function kibToCap(kib: number | undefined, setFrom: number): number {
  if (kib === undefined || kib === capToKiB(setFrom)) return setFrom;
  return Math.round(kib * KIB);
}
