// Classroom packs: format, checks, share links, hints, the assistant's code filter, grading.
export * from './types.ts';
export * from './validate.ts';
export * from './canonical.ts';
export * from './secrets.ts';
export * from './link.ts';
export * from './code-filter.ts';
export * from './hints.ts';
export * from './grading.ts';
export * from './results.ts';
export * from './practice.ts';
