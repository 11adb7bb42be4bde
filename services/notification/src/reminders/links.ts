/**
 * The app path of an absolute link on an organization's host (what the reminders widget navigates
 * to inside the web app): `http://demo.localhost:3000/app/activity/meetings/7#_3` -> `/app/activity/meetings/7#_3`.
 * Anything that is not an http(s) URL with a path gives null.
 */
export function appPathOf(link: string | null | undefined): string | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const u = new URL(link);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return null;
  }
}
