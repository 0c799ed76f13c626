// The model the classroom views call: the page's own endpoint settings (and key), handed down by
// src/app so the views never read the page's storage themselves.
import type { EndpointConfig } from '../../shared/model.ts';

export interface ClassroomModels {
  /** The configured endpoint, key included, read at each call so a changed setting applies. */
  endpoint(): EndpointConfig;
  /** "Provider · model · host", for saying who answers. */
  label(): string;
}
