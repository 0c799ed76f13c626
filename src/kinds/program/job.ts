// A contest program's time limit when the command gives none. Its job (livecodebench.ts) holds
// every test; the page strips the outputs before it enters the sandbox (see verdict.ts).

/** LiveCodeBench's own default: 6 seconds per test. */
export const PROGRAM_TIMEOUT = 6;
