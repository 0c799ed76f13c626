// One model loaded at a time: llama.cpp as WebAssembly in a worker of this page's origin (wllama
// starts it), multi-threaded when the page is cross-origin isolated. Its wasm file is served by
// the app itself (copied into the build), never fetched from a CDN.
import type { Wllama } from '@wllama/wllama';
import { ModelError } from '../errors.ts';
import { checkFits, contextFor, inspectModel } from './inspect.ts';
import type { ModelFacts } from './model-facts.ts';
import { getModel, modelFile } from './model-store.ts';
import { loadPrefs, memoryEnv } from './prefs.ts';
import { errorMessage } from '../../shared/error-message.ts';

const WASM_PATH = 'wllama/wllama.wasm';

/**
 * Fetches the engine once a model is stored, so that the service worker keeps it and the model
 * also runs with the network gone (the engine is 10 MB: fetched for those who store a model, not
 * for every visitor).
 */
export async function keepEngineForOffline(): Promise<void> {
  try {
    await (await fetch(new URL(WASM_PATH, document.baseURI))).arrayBuffer();
  } catch {
    // Online, loading the model fetches it anyway.
  }
}

export interface LoadedModel {
  id: string;
  wllama: Wllama;
  contextTokens: number;
  facts: ModelFacts;
  threads: number;
  multiThread: boolean;
}

let current: { key: string; loading: Promise<LoadedModel> } | undefined;

function threadCount(chosen: number | undefined): number {
  // Threads share memory, which browsers allow only in a cross-origin isolated page.
  if (!globalThis.crossOriginIsolated) return 1;
  if (chosen !== undefined) return chosen;
  const cores = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.max(2, Math.min(8, Math.floor(cores / 2)));
}

function notStored(id: string): ModelError {
  return new ModelError({
    kind: 'not-found',
    message: `The model "${id}" is not stored in this browser.`,
    hint: 'Open the settings and pick the .gguf file again or download it; stored models are listed there.',
  });
}

async function load(id: string, contextWanted: number): Promise<LoadedModel> {
  const meta = await getModel(id);
  const file = await modelFile(id);
  if (!meta || !file || file.size === 0) throw notStored(id);
  if (!meta.complete) {
    throw new ModelError({
      kind: 'not-found',
      message: `The model "${id}" is only partly downloaded (${file.size} bytes so far).`,
      hint: 'Open the settings and start the download again: it resumes where it stopped.',
    });
  }
  const { facts } = await inspectModel(file, meta.name);
  const contextTokens = contextFor(facts, contextWanted);
  const prefs = loadPrefs();
  checkFits(facts, contextTokens, memoryEnv(prefs));
  const { Wllama } = await import('@wllama/wllama');
  const wllama = new Wllama(
    { default: new URL(WASM_PATH, document.baseURI).href },
    { suppressNativeLog: true, allowOffline: true },
  );
  wllama.setCompat(null);
  const threads = threadCount(prefs.threads);
  try {
    await wllama.loadModel([file], {
      n_ctx: contextTokens,
      n_threads: threads,
      n_gpu_layers: 0,
      n_parallel: 1,
      jinja: true,
    });
  } catch (e) {
    await wllama.exit().catch(() => undefined);
    throw new ModelError({
      kind: 'server',
      message: `llama.cpp could not load "${meta.name}": ${errorMessage(e)}`,
      hint: 'The file may be damaged or use a format newer than this page knows; try another quantisation of the model.',
    });
  }
  return { id, wllama, contextTokens, facts, threads, multiThread: wllama.isMultithread() };
}

/** The loaded model for this id and context, loading it (and unloading another) when needed. */
export function loadedModel(id: string): Promise<LoadedModel> {
  const prefs = loadPrefs();
  const contextTokens = prefs.contextTokens;
  const key = `${id}@${contextTokens}@${prefs.threads ?? 'auto'}@${prefs.memoryLimitMiB ?? ''}`;
  if (current?.key === key) return current.loading;
  const previous = current?.loading;
  const loading = (async () => {
    await previous?.then((m) => m.wllama.exit()).catch(() => undefined);
    return load(id, contextTokens);
  })();
  current = { key, loading };
  // A failed load is not kept: the next request tries again (the user may have fixed the cause).
  loading.catch(() => {
    if (current?.loading === loading) current = undefined;
  });
  return loading;
}

/** Frees the model's memory, e.g. before its file is deleted. */
export async function unloadModel(id?: string): Promise<void> {
  const c = current;
  if (!c || (id !== undefined && !c.key.startsWith(`${id}@`))) return;
  current = undefined;
  await c.loading.then((m) => m.wllama.exit()).catch(() => undefined);
}
