import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { winAnsi } from './stamp';

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
  a: { title: string; document: string; orgName: string; timeZone: string; steps: AuditStep[]; sealedAt: Date },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595.28, 841.89]);
  let y = 800;
  const line = (text: string, o: { size?: number; b?: boolean; indent?: number } = {}) => {
    const size = o.size ?? 9;
    if (y < 50) {
      page = doc.addPage([595.28, 841.89]);
      y = 800;
    }
    page.drawText(winAnsi(text).slice(0, 110), { x: 40 + (o.indent ?? 0), y, size, font: o.b ? bold : font, color: rgb(0.1, 0.1, 0.1) });
    y -= size + 5;
  };
  line('Audit certificate', { size: 16, b: true });
  y -= 4;
  line(`Approval: ${a.title}`, { size: 11 });
  line(`Document: ${a.document}`, { size: 11 });
  line(`Organization: ${a.orgName}`, { size: 11 });
  line(`Completed: ${localTime(a.sealedAt, a.timeZone)}`, { size: 11 });
  y -= 8;
  for (const [i, s] of a.steps.entries()) {
    line(`${i + 1}. Step ${s.step}: ${s.name} (${s.guest ? 'guest' : 'member'})${s.email ? ` <${s.email}>` : ''}`, { size: 10, b: true });
    line(`Signed: ${localTime(s.at, a.timeZone)}`, { indent: 12 });
    line(`IP address: ${s.ip ?? 'unknown'}`, { indent: 12 });
    line(`User agent: ${s.userAgent ?? 'unknown'}`, { indent: 12, size: 8 });
    line(`SHA-256 before: ${s.shaBefore ?? 'unknown'}`, { indent: 12, size: 8 });
    line(`SHA-256 after:  ${s.shaAfter ?? 'unknown'}`, { indent: 12, size: 8 });
    y -= 6;
  }
  line('This document is sealed with the organization\'s key; any change to the file invalidates the seal.', { size: 8 });
  return doc.save({ useObjectStreams: false });
}
