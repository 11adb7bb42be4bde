/** rich-text notes are JSON; a note with no text in it is empty */
export function isEmptyNote(note: string | null | undefined): boolean {
  const s = (note ?? '').trim();
  if (!s) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(s);
  } catch {
    return false; // older plain text
  }
  const texts: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (typeof v === 'string') {
      if (key === undefined || key === 'text' || key === 'insert' || key === 'content' || key === 'value') texts.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(parsed);
  return texts.every((t) => !t.trim());
}

