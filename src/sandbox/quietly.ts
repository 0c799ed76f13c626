/**
 * Runs a storage operation whose failure (private mode, a full quota, a damaged entry) costs only
 * speed: its result, or undefined when it failed.
 */
export async function quietly<T>(f: () => Promise<T>): Promise<T | undefined> {
  try {
    return await f();
  } catch {
    return undefined;
  }
}
