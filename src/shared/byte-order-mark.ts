// Some editors and Windows tools start UTF-8 files with a byte order mark (U+FEFF). It is
// invisible, and JSON.parse refuses it with "Unexpected token", so every reader of JSON and JSONL
// files drops it first. The page's readers (File.text(), fetch) drop it on their own; Node's don't.

export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
