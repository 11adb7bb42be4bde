/**
 * Who an offline copy belongs to, and under which key it is kept (docs/minutes.md#offline-board-book). Pure.
 *
 * A copy belongs to one signed-in user of one organization: the organization's slug (the host's first label) and
 * the user's e-mail, lower-cased. Without a signed-in e-mail nothing is kept (guests, signed-out pages).
 */
export function offlineOwner(orgSlug: string, email: string | null | undefined): string | null {
  const e = (email ?? '').trim().toLowerCase();
  if (!e || !e.includes('@')) return null;
  return `${orgSlug.trim().toLowerCase()}|${e}`;
}

/** the key of a meeting's copy: one per (owner, meeting) */
export function copyKey(owner: string, meetingId: number): string {
  if (!Number.isInteger(meetingId) || meetingId <= 0) throw new RangeError(`not a meeting id: ${meetingId}`);
  return `${owner}|meeting:${meetingId}`;
}

/**
 * A request failed because the network did (the request layer's status 0, or fetch's own TypeError), not because
 * the server refused: only then does a page fall back to its offline copy. A 401, 403 or 404 never does.
 */
export function isNetworkFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: string; status?: unknown };
  if (e.name === 'ApiError') return e.status === 0;
  return e.name === 'TypeError';
}

/** the banner's date: YYYY-MM-DD HH:mm in the browser's own time (the copy's savedAt is an ISO instant) */
export function copyDate(savedAt: string): string {
  const d = new Date(savedAt);
  if (Number.isNaN(d.getTime())) return savedAt;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
