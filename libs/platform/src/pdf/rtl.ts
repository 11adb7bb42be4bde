import bidiFactory from 'bidi-js';
import ArabicReshaper from 'arabic-reshaper';

const bidi = bidiFactory();

/** Arabic letters (the base block, its supplement and the presentation forms) */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
const MIRROR: Record<string, string> = { '(': ')', ')': '(', '<': '>', '>': '<', '[': ']', ']': '[', '{': '}', '}': '{', '«': '»', '»': '«' };

/** bidi controls: they order, they are never drawn */
const CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** a left-to-right value inside a right-to-left line (a date, an address, a hash): an isolate (LRI … PDI) keeps it whole */
export const ltr = (value: string): string => `\u2066${value}\u2069`;

export interface DrawRun {
  /** what to hand to the font, in the order pdf-lib's layout engine (fontkit) expects it */
  text: string;
  rtl: boolean;
}

/**
 * One line of text as runs to draw from left to right: a line with Arabic letters is a right-to-left paragraph
 * (the Unicode bidirectional algorithm, bidi-js), a line without is left to right as it is: each run of one direction, in visual order. Arabic letters are shaped into their joined
 * forms (Presentation Forms-B, arabic-reshaper: initial, medial, final, isolated, lam-alef), so a font's cmap gives
 * the right glyph without OpenType shaping and the PDF's text extracts as those letters. A right-to-left run with
 * Arabic letters stays in logical order with its brackets mirrored: fontkit lays runs of Arabic script out right to
 * left itself. A right-to-left run without them (spaces, punctuation, digits between Arabic words) is reversed here.
 */
export function drawRuns(line: string): DrawRun[] {
  if (!line) return [];
  // a line without Arabic letters is a left-to-right paragraph of its own (a date, an address, a Latin name)
  if (!ARABIC.test(line)) return [{ text: line.replace(CONTROLS, ''), rtl: false }];
  const { levels } = bidi.getEmbeddingLevels(line, 'rtl');
  const runs: { text: string; level: number }[] = [];
  let start = 0;
  for (let i = 1; i <= line.length; i++) {
    if (i === line.length || levels[i] !== levels[start]) {
      runs.push({ text: line.slice(start, i), level: levels[start] });
      start = i;
    }
  }
  // rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or higher
  let order = runs;
  const max = Math.max(...runs.map((r) => r.level));
  for (let l = max; l >= 1; l--) {
    const out: typeof runs = [];
    for (let i = 0; i < order.length; ) {
      if (order[i].level < l) {
        out.push(order[i++]);
        continue;
      }
      let j = i;
      while (j < order.length && order[j].level >= l) j++;
      out.push(...order.slice(i, j).reverse());
      i = j;
    }
    order = out;
  }
  return order.map((r) => ({ ...r, text: r.text.replace(CONTROLS, '') })).filter((r) => r.text).map((r) => {
    if (r.level % 2 === 0) return { text: r.text, rtl: false };
    const mirrored = [...r.text].map((c) => MIRROR[c] ?? c).join('');
    if (!ARABIC.test(mirrored)) return { text: [...mirrored].reverse().join(''), rtl: true };
    return { text: ArabicReshaper.convertArabic(mirrored), rtl: true };
  });
}

/** the line as it reads on the page, left to right (for tests): Arabic runs reversed as the layout engine does */
export function visualLine(line: string): string {
  return drawRuns(line)
    .map((r) => (r.rtl && ARABIC.test(r.text) ? [...r.text].reverse().join('') : r.text))
    .join('');
}
