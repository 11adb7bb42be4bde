import type { FileAction } from '@app/contracts';

const VERB: Record<FileAction, string> = { view: 'Viewed', download: 'Downloaded', print: 'Printed', share: 'Shared' };

/**
 * The activity-log line of a library item's view, download, print or share (docs/library.md#activity-log):
 * `Viewed the file budget.pdf`, `Shared the folder Board papers with Mona Member and Bob`; a guest's reading says so.
 * Who and when are the entry's username, date and time.
 */
export function fileActivity(e: { action: FileAction; name: string; folder?: boolean; guest?: boolean; with?: readonly string[] }): string {
  const what = `${VERB[e.action]} the ${e.folder ? 'folder' : 'file'} ${e.name}`;
  const names = (e.with ?? []).filter((n) => n.trim());
  const to = e.action === 'share' && names.length ? ` with ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`}` : '';
  return `${what}${to}${e.guest ? ' (guest)' : ''}`;
}
