// Saving text as a download and reading a text file the user picks, with plain DOM.
import { readCappedText } from '../../shared/read-capped.ts';

export function downloadText(filename: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens the file picker; resolves with the file's text, or null when the user cancels (where
 * the browser reports cancelling; elsewhere the promise just never settles). A file past `limit`
 * bytes is not read past it: the promise rejects naming the file and the limit.
 */
export function pickTextFile(accept: string, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.style.display = 'none';
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      input.remove();
      if (!file) resolve(null);
      else readCappedText(file.stream(), file.name, limit).then(resolve, reject);
    });
    input.addEventListener('cancel', () => {
      input.remove();
      resolve(null);
    });
    document.body.append(input);
    input.click();
  });
}
