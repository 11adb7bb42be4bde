/** the minutes version date: YYYY-MM-DD - HH:mm A (docs/product/minutes.md) */
export function versionDate(server: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})/.exec(server);
  if (!m) return server;
  const h = Number(m[2]);
  return `${m[1]} - ${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${m[3]} ${h < 12 ? 'AM' : 'PM'}`;
}
