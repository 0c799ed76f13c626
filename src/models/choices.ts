// Which endpoints take `n` (several replies to one request). A preset says whether to try; an
// endpoint that refused it, or answered it with a single reply, is remembered for as long as the
// page lives, so a batch run pays for finding out once, not once per task (each task has its own client).
import type { EndpointConfig } from '../shared/model.ts';

const singleReply = new Set<string>();

export interface Choices {
  /** Whether to send `n` to this endpoint now. */
  readonly multipleChoices: boolean;
  /** The endpoint refused `n` or answered it with one reply: no client sends it there again. */
  refusesChoices(): void;
}

export function endpointChoices(config: EndpointConfig, acceptsN: boolean | undefined): Choices {
  const endpoint = JSON.stringify([config.provider, config.baseUrl, config.model]);
  return {
    get multipleChoices() {
      return acceptsN === true && !singleReply.has(endpoint);
    },
    refusesChoices: () => void singleReply.add(endpoint),
  };
}
