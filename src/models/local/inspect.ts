// Everything said about a model file before llama.cpp sees it: is it GGUF, is it whole, can this
// build run it, and will it fit in memory with the chosen context.
import { ModelError } from '../errors.ts';
import { GgufError, readGgufHeader } from './gguf.ts';
import type { GgufHeader } from './gguf.ts';
import { estimateMemory, memoryBudget, memoryProblem } from './memory.ts';
import type { MemoryBudget, MemoryEstimate } from './memory.ts';
import { modelFacts, truncationReason, unsupportedReason } from './model-facts.ts';
import type { ModelFacts } from './model-facts.ts';
import { errorMessage } from '../../shared/error-message.ts';

export interface Inspection {
  header: GgufHeader;
  facts: ModelFacts;
}

function refuse(name: string, why: string, hint?: string): ModelError {
  const info = { kind: 'bad-request' as const, message: `The file "${name}" cannot be used: ${why}.` };
  return new ModelError(hint === undefined ? info : { ...info, hint });
}

const NOT_GGUF_HINT =
  'Pick a .gguf model file (the format llama.cpp, Ollama and LM Studio use). If it came from a web address, check that the address gives the file itself and not a web page.';

/** Reads the header and refuses, in words, a file that is not a whole GGUF model this page can run. */
export async function inspectModel(file: Blob, name: string): Promise<Inspection> {
  let header: GgufHeader;
  try {
    header = await readGgufHeader(file);
  } catch (e) {
    if (!(e instanceof GgufError)) throw e;
    const why = e.problem === 'not-gguf' ? `it is not a GGUF model (${e.message})` : e.message;
    throw refuse(name, why, e.problem === 'truncated' ? 'Download or copy the file again.' : NOT_GGUF_HINT);
  }
  let facts: ModelFacts;
  try {
    facts = modelFacts(header);
  } catch (e) {
    throw refuse(name, errorMessage(e), NOT_GGUF_HINT);
  }
  const unsupported = unsupportedReason(facts);
  if (unsupported) throw refuse(name, unsupported, 'Pick an instruction-tuned text model, such as Qwen2.5-Coder.');
  const truncated = truncationReason(header, file.size);
  if (truncated) throw refuse(name, truncated, 'Download it again: an interrupted download resumes where it stopped.');
  return { header, facts };
}

export interface FitCheck {
  estimate: MemoryEstimate;
  budget: MemoryBudget;
}

/** The context the model gets: the user's choice, never more than it was trained for. */
export function contextFor(facts: ModelFacts, wanted: number): number {
  return Math.max(256, Math.min(wanted, facts.contextLength ?? wanted));
}

/** Throws the refusal when the model and its context need more memory than the page may use. */
export function checkFits(
  facts: ModelFacts,
  contextTokens: number,
  env: { deviceMemoryGiB?: number | undefined; userLimitBytes?: number | undefined },
): FitCheck {
  const estimate = estimateMemory(facts, contextTokens);
  const budget = memoryBudget(env);
  const problem = memoryProblem(estimate, budget);
  if (problem) {
    throw new ModelError({
      kind: 'bad-request',
      message: problem,
      hint: 'Choose a shorter context or raise the memory limit in the settings, or use a smaller or more quantised model.',
    });
  }
  return { estimate, budget };
}
