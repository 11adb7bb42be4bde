/**
 * The watermark burned into a download (docs/library.md#watermarks), read back by poppler (independent of pdf-lib):
 * an Arabic reader's name is drawn joined and right to left while the e-mail and the time beside it stay whole and
 * left to right, in the order an Arabic line reads (name, e-mail, organization, time from the right); a Latin line
 * is drawn as written. Both survive text extraction.
 */
import { PDFDocument } from 'pdf-lib';
import { pdfText, pdfWords } from '@app/testing';
import { burnWatermark } from '../src/library/watermark';

async function blank(): Promise<Uint8Array> {
  const d = await PDFDocument.create();
  d.addPage([595, 842]);
  return d.save();
}

const ARABIC = /[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** the foot line's words (in the page's last 30 points), left to right, each word's letters as drawn left to right */
async function footWords(pdf: Uint8Array): Promise<string[]> {
  const words = await pdfWords(pdf, 1);
  return words.filter((w) => w.yMin > 842 - 30).sort((a, b) => a.xMin - b.xMin).map((w) => w.text.normalize('NFKC'));
}
/**
 * a word as its glyphs stand on the page from left to right: an Arabic word's reversed, a lam-alef ligature one glyph
 * (NFKC gives it back as lam then alef)
 */
const drawn = (word: string) => (ARABIC.test(word) ? (word.match(/ل[اأإآ]|./gu) ?? []).reverse().join('') : word);

describe('burnWatermark', () => {
  it.each([
    [
      'an Arabic name and organization beside a Latin e-mail and time',
      { name: 'منى العضو', email: 'mona@example.com', organization: 'مجلس الإدارة', time: '2026-11-28 06:00' },
      // left to right on the page: the time, the organization, the e-mail, the name (an Arabic line reads from the right)
      ['2026-11-28', '06:00', '·', 'الإدارة', 'مجلس', '·', 'mona@example.com', '·', 'العضو', 'منى'],
    ],
    [
      'a Latin line',
      { name: 'Mona Member', email: 'mona@example.com', organization: 'Board', time: '2026-11-28 06:00' },
      ['Mona', 'Member', '·', 'mona@example.com', '·', 'Board', '·', '2026-11-28', '06:00'],
    ],
  ])('%s: drawn in reading order, whole, and extracted', async (_name, w, expected) => {
    const out = await burnWatermark(await blank(), w as never);
    const foot = await footWords(out);
    // the words poppler finds on the foot line, joined letters given back by NFKC, in their places on the page
    expect(foot.filter((x) => x !== '·')).toEqual(expected.filter((x) => x !== '·').map(drawn));
    // Arabic letters drawn joined: their presentation forms (initial, medial, final) are what the page holds
    const raw = (await pdfWords(out, 1)).map((x) => x.text).join(' ');
    expect(/[\uFE70-\uFEFF]/.test(raw)).toBe(ARABIC.test(w.name));
    const text = await pdfText(out);
    for (const part of [w.name, w.email, w.organization, w.time]) expect(text).toContain(part);
  });
});
