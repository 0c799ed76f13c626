// What the agent page tests share: replies in the model's format, the requests the local server
// saw, the transcript read back as a person sees it, files dropped as a browser drops them, and
// pictures at desktop and phone sizes, light and dark.
import type { Page } from 'playwright-core';
import type { ModelServer } from '../../servers/model-server.ts';
import { shootSizes } from '../support/layout.ts';

/** A reply with a few words and one Python block, as a model writes one. */
export const py = (words: string, code: string): string => `${words}\n\n\`\`\`python\n${code}\n\`\`\``;

interface Body {
  messages: { role: string; content: string | { type: string; text?: string }[] }[];
}

export const chatBodies = (server: ModelServer): Body[] => server.chatRequests().map((r) => r.body as Body);

const textOf = (content: Body['messages'][number]['content']): string =>
  typeof content === 'string' ? content : content.map((p) => p.text ?? '').join('');

export const firstUser = (b: Body): string => textOf(b.messages.find((m) => m.role === 'user')?.content ?? '');
export const lastUser = (b: Body): string => textOf(b.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '');

export interface Cell {
  title: string;
  output: string | null;
  value: string | null;
}

export function steps(page: Page): Promise<Cell[]> {
  return page.$$eval('[data-testid="agent-step"]', (cells) =>
    cells.map((c) => ({
      title: c.querySelector('.agent-step-title')?.textContent ?? '',
      output: c.querySelector('[data-testid="agent-output"]')?.textContent ?? null,
      value: c.querySelector('[data-testid="agent-value"]')?.textContent ?? null,
    })),
  );
}

/** Drops text files on the drop zone, as a browser does with files dragged from the desktop. */
export async function dropFiles(page: Page, files: { name: string; text: string }[]): Promise<void> {
  await page.evaluate((fs) => {
    const dt = new DataTransfer();
    for (const f of fs) dt.items.add(new File([f.text], f.name));
    const zone = document.querySelector('[data-testid="agent-drop"]');
    zone?.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
  for (const f of files) await page.waitForSelector(`[data-testid="agent-files"] li[data-name="${f.name}"]`);
}

export function agentShots(page: Page, name: string): Promise<void> {
  return shootSizes(page, `agent-${name}`, { fullPage: true });
}
