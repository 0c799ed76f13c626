// The table's caption: the task, and for a comparison from the history, when it was run.
import { formatTime } from '../history/format.ts';

export function comparisonCaption(title: string, createdAt?: number): string {
  return createdAt === undefined ? `${title}, side by side` : `${title}, side by side (${formatTime(createdAt)})`;
}
