/**
 * The app path of a link kept in a schedule row. Events carry app paths now (`/app/activity/meetings/7#_decision-3`,
 * kept as is); rows written before that hold an absolute link on the organization's host
 * (`http://demo.localhost:3000/app/activity/meetings/7#_3` -> `/app/activity/meetings/7#_3`: a hash without the item's
 * kind, which the meeting page still opens, docs/decisions.md#links-to-an-agenda-item).
 * Anything that is neither an app path nor an http(s) URL gives null.
 */
export function appPathOf(link: string | null | undefined): string | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const u = new URL(link);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    // not a URL at all: there is no app path to open
    return null;
  }
}
