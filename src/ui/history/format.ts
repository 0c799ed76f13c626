// Words and numbers for the history list.
import { formatBytes } from '../../shared/format.ts';
import type { StorageInfo } from '../../store/storage.ts';
import type { Session } from '../../shared/session.ts';
import { END_WORDS } from '../common/end-words.ts';

export function statusLabel(session: Session): string {
  if (session.status === 'running') return 'running';
  if (session.status === 'interrupted') return 'interrupted';
  return session.endReason ? END_WORDS[session.endReason].label : 'done';
}

export function formatTime(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

export function storageText(info: StorageInfo): string {
  const parts: string[] = [];
  if (info.usage !== undefined && info.quota !== undefined) {
    parts.push(`History and site data use ${formatBytes(info.usage)} of ${formatBytes(info.quota)} available.`);
  }
  if (info.persisted === true) parts.push('The browser keeps it until you delete it.');
  else if (info.persisted === false) {
    parts.push('The browser may clear it when space runs low: export what you want to keep.');
  }
  return parts.join(' ');
}

/** A file name with today's date, safe on every file system. */
export function fileName(stem: string, extension: string, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10);
  return `${stem}-${day}.${extension}`;
}
