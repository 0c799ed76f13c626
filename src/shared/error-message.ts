// What went wrong, in words, from anything a promise can reject with or code can throw.
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
