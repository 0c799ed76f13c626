// Saves text as a file through the browser's download.
export function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from free text (a student's or a pack's name). */
export const safeName = (s: string): string => s.replace(/[^\w.-]+/g, '_');
