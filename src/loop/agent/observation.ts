// An action's observation as the model reads it: what it printed, its last value, its rich
// output (tables as text, pictures sent beside the text when they are PNG or JPEG), its error,
// or "ran without output". Older observations are shortened (context.ts); the latest is whole.
import type { Observation, RichOutput } from '../../shared/agent.ts';
import type { ChatImage } from '../../shared/model.ts';
import { clip, plural } from '../../shared/format.ts';

const RAN_WITHOUT_OUTPUT = 'The action ran without output.';
const STATE_LOST =
  'The interpreter was restarted: variables, functions and imports from earlier actions are gone, and the working directory holds the files it started with.';

/** Characters a rich item's text keeps in the latest observation. */
const RICH_CHARS = 4000;
const PICTURE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** HTML as text a model can read: table cells separated by " | ", rows by lines, tags dropped. */
function htmlAsText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<\/t[dh]>\s*/gi, ' | ')
    .replace(/<\/(tr|p|div|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/ \| *\n/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function richText(item: RichOutput, n: number): string {
  if (PICTURE_MIMES.has(item.mime)) return `[picture ${n}: ${item.mime}]`;
  if (item.mime === 'image/svg+xml') return `[SVG picture ${n}, ${plural(item.data.length, 'character')}]`;
  if (item.mime === 'text/html') return htmlAsText(item.data);
  return item.data;
}

export interface ObservationText {
  text: string;
  images: ChatImage[];
}

/** The observation in full, with the pictures it showed. */
export function observationText(o: Observation, richChars = RICH_CHARS): ObservationText {
  const parts: string[] = [];
  const images: ChatImage[] = [];
  if (o.stateLost) parts.push(STATE_LOST);
  if (o.output) parts.push(`Output:\n${o.output}${o.outputCut ? '\n[output cut here: it went past the cap]' : ''}`);
  let pictures = 0;
  for (const item of o.rich) {
    const isPicture = PICTURE_MIMES.has(item.mime) || item.mime === 'image/svg+xml';
    if (isPicture) pictures++;
    if (PICTURE_MIMES.has(item.mime)) images.push({ mime: item.mime, base64: item.data });
    parts.push(`Displayed:\n${clip(richText(item, pictures), richChars, { count: true })}`);
  }
  if (o.value !== undefined) parts.push(`Value:\n${clip(o.value, richChars, { count: true })}`);
  if (o.error) parts.push(`Error:\n${o.error}`);
  if (o.finalAnswer !== undefined) parts.push(`Final answer: ${o.finalAnswer}`);
  if (parts.length === 0 || (parts.length === 1 && o.stateLost)) parts.push(RAN_WITHOUT_OUTPUT);
  return { text: parts.join('\n\n'), images };
}

/** An older observation kept to `chars` characters: its head and tail, pictures named only. */
export function shortObservation(full: string, chars: number): string {
  if (full.length <= chars) return full;
  if (chars <= 0) return '[observation left out to save room]';
  const head = Math.ceil(chars * 0.6);
  const tail = chars - head;
  const dropped = full.length - chars;
  return `${full.slice(0, head)}\n… [${plural(dropped, 'character')} left out] …\n${tail > 0 ? full.slice(-tail) : ''}`;
}
