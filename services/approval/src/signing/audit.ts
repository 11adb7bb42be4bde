import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import type { Lang } from '@app/contracts';
import { arabicFontBytes } from '../pdf/fonts';
import { drawRuns } from '@app/platform';
import { winAnsi } from '../pdf/stamp';

/** the audit page's words: English, and Arabic (French follows English as the e-mails do) */
const WORDS = {
  en: {
    title: 'Audit certificate', approval: 'Approval', document: 'Document', organization: 'Organization', completed: 'Completed', step: 'Step',
    guest: 'guest', member: 'member', signed: 'Signed', ip: 'IP address', agent: 'User agent', before: 'SHA-256 before', after: 'SHA-256 after',
    unknown: 'unknown', email: 'E-mail', footer: "This document is sealed with the organization's key; any change to the file invalidates the seal.",
  },
  ar: {
    title: 'شهادة التدقيق', approval: 'الموافقة', document: 'المستند', organization: 'المؤسسة', completed: 'اكتملت', step: 'الخطوة',
    guest: 'ضيف', member: 'عضو', signed: 'وقت التوقيع', ip: 'عنوان IP', agent: 'المتصفح', before: 'SHA-256 قبل', after: 'SHA-256 بعد',
    unknown: 'غير معروف', email: 'البريد الإلكتروني', footer: 'هذا المستند مختوم بمفتاح المؤسسة، وأي تغيير في الملف يبطل الختم.',
  },
};
export const auditWords = (lang: Lang | undefined) => (lang === 'ar' ? WORDS.ar : WORDS.en);

export interface AuditEntry {
  name: string;
  email: string | null;
  guest: boolean;
  step: number;
  at: Date;
  ip: string | null;
  userAgent: string | null;
}
export interface AuditStep extends AuditEntry {
  shaBefore: string | null;
  shaAfter: string | null;
}

/** 'YYYY-MM-DD HH:mm:ss (Zone)' in the organization's time zone */
export function localTime(d: Date, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} (${timeZone})`;
}

/**
 * The audit certificate: a page appended to the final PDF listing every step (who, member or guest, when, from
 * which address and browser, and the SHA-256 of the document before and after their signature). The seal
 * that follows covers this page too.
 */
export async function appendAuditPage(
  pdf: Uint8Array,
  a: { title: string; document: string; orgName: string; timeZone: string; steps: AuditStep[]; sealedAt: Date; lang?: Lang },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const rtl = a.lang === 'ar';
  const W = auditWords(a.lang);
  let font: PDFFont;
  let bold: PDFFont;
  const latin = await doc.embedFont(StandardFonts.Helvetica);
  const latinBold = await doc.embedFont(StandardFonts.HelveticaBold);
  if (rtl) {
    doc.registerFontkit(fontkit);
    const bytes = arabicFontBytes();
    // the whole font (pdf-lib's subsetting loses glyphs of this one); no glyph decomposition (ccmp), so each drawn
    // letter is one glyph and the text extracts as written
    font = await doc.embedFont(bytes.regular, { subset: false, features: { ccmp: false } });
    bold = await doc.embedFont(bytes.bold, { subset: false, features: { ccmp: false } });
  } else {
    font = latin;
    bold = latinBold;
  }
  let page = doc.addPage([595.28, 841.89]);
  let y = 800;
  const line = (text: string, o: { size?: number; b?: boolean; indent?: number } = {}) => {
    const size = o.size ?? 9;
    if (y < 50) {
      page = doc.addPage([595.28, 841.89]);
      y = 800;
    }
    const f = o.b ? bold : font;
    const color = rgb(0.1, 0.1, 0.1);
    if (!rtl) page.drawText(winAnsi(text).slice(0, 110), { x: 40 + (o.indent ?? 0), y, size, font: f, color });
    else if (winAnsi(text) === text) {
      // a value without Arabic (a date, an address, a hash, a Latin name): Helvetica, right-aligned
      const h = o.b ? latinBold : latin;
      page.drawText(text.slice(0, 110), { x: 555.28 - (o.indent ?? 0) - h.widthOfTextAtSize(text.slice(0, 110), size), y, size, font: h, color });
    } else {
      // right-aligned, runs drawn left to right in visual order
      const runs = drawRuns(text.slice(0, 130));
      const widths = runs.map((r) => f.widthOfTextAtSize(r.text, size));
      let x = 555.28 - (o.indent ?? 0) - widths.reduce((n, w) => n + w, 0);
      runs.forEach((r, i) => {
        page.drawText(r.text, { x, y, size, font: f, color });
        x += widths[i];
      });
    }
    y -= size + (rtl ? 8 : 5);
  };
  line(W.title, { size: 16, b: true });
  y -= 4;
  if (!rtl) {
    line(`${W.approval}: ${a.title}`, { size: 11 });
    line(`${W.document}: ${a.document}`, { size: 11 });
    line(`${W.organization}: ${a.orgName}`, { size: 11 });
    line(`${W.completed}: ${localTime(a.sealedAt, a.timeZone)}`, { size: 11 });
    y -= 8;
    for (const [i, s] of a.steps.entries()) {
      line(`${i + 1}. ${W.step} ${s.step}: ${s.name} (${s.guest ? W.guest : W.member})${s.email ? ` <${s.email}>` : ''}`, { size: 10, b: true });
      line(`${W.signed}: ${localTime(s.at, a.timeZone)}`, { indent: 12 });
      line(`${W.ip}: ${s.ip ?? W.unknown}`, { indent: 12 });
      line(`${W.agent}: ${s.userAgent ?? W.unknown}`, { indent: 12, size: 8 });
      line(`${W.before}: ${s.shaBefore ?? W.unknown}`, { indent: 12, size: 8 });
      line(`${W.after}:  ${s.shaAfter ?? W.unknown}`, { indent: 12, size: 8 });
      y -= 6;
    }
  } else {
    // Arabic: a label line, then a left-to-right value (a date, an address, a hash) on a line of its own, so
    // readers and text extraction never mix the two directions inside a technical value
    const pair = (label: string, value: string | null, o: { size?: number; indent?: number } = {}) => {
      line(`${label}:`, o);
      line(value ?? W.unknown, { ...o, size: o.size ?? 9 });
    };
    pair(W.approval, a.title, { size: 11 });
    pair(W.document, a.document, { size: 11 });
    pair(W.organization, a.orgName, { size: 11 });
    pair(W.completed, localTime(a.sealedAt, a.timeZone), { size: 11 });
    y -= 8;
    for (const s of a.steps) {
      line(`${W.step} ${s.step}: ${s.name} - ${s.guest ? W.guest : W.member}`, { size: 10, b: true });
      if (s.email) pair(W.email, s.email, { indent: 12 });
      pair(W.signed, localTime(s.at, a.timeZone), { indent: 12 });
      pair(W.ip, s.ip, { indent: 12 });
      pair(W.agent, s.userAgent, { indent: 12, size: 8 });
      pair(W.before, s.shaBefore, { indent: 12, size: 8 });
      pair(W.after, s.shaAfter, { indent: 12, size: 8 });
      y -= 6;
    }
  }
  line(W.footer, { size: 8 });
  return doc.save({ useObjectStreams: false });
}
