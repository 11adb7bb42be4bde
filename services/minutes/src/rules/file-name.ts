/** the file name of a meeting's minutes: its title, without what file systems refuse */
export function minutesFileName(title: string): string {
  const visible = [...title].map((ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch)).join('');
  const clean = visible.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 150);
  return `${clean || 'minutes'}.pdf`;
}
