/**
 * The e-mail viewer's body (docs/library-web.md#viewers). The server sanitizes the message's HTML and removes
 * every picture address that is not inline data (remote content is never loaded): the <img> stays, without a
 * source, and a browser draws it as a broken image. Here each such picture becomes its alternative text in
 * brackets (or nothing), and the viewer says how many were blocked.
 */
export function blockRemotePictures(html: string): { html: string; blocked: number } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let blocked = 0;
  for (const img of [...doc.querySelectorAll('img')]) {
    const src = (img.getAttribute('src') ?? '').trim();
    if (/^data:image\//i.test(src)) continue;
    blocked += 1;
    const alt = (img.getAttribute('alt') ?? '').trim();
    const note = doc.createElement('span');
    note.className = 'email-blocked-picture';
    note.textContent = alt ? `[${alt}]` : '';
    img.replaceWith(note);
  }
  return { html: blocked ? doc.documentElement.outerHTML : html, blocked };
}
