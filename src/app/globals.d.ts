import type { HeadlessApi } from './headless.ts';

declare global {
  interface Window {
    fixpoint: HeadlessApi;
  }
}
