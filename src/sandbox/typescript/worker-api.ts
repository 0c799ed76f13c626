// What the checker worker exposes over comlink; the worker and its host both import this type.
// Both ends are Fixpoint's own code, which is the only place comlink is used.
import type { CodeIntel } from '../../shared/code-intel.ts';
import type { TsCheckOptions, TsCheckResult } from '../../shared/typescript-check.ts';

/** The editor's requests, as the worker answers them (service-core.ts). */
export type IntelCalls = Omit<CodeIntel, 'warm'>;

export interface CheckerWorkerApi extends IntelCalls {
  check(code: string, options: TsCheckOptions): Promise<TsCheckResult>;
  /** Parses the lib files and checks an empty file, so the first real check is fast. */
  warm(strict: boolean): Promise<void>;
}
