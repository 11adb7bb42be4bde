import { simpleParser, type AddressObject } from 'mailparser';
import MsgReader from '@kenjiuno/msgreader';
import sanitizeHtml from 'sanitize-html';

export interface ParsedEmail {
  subject: string;
  from: string;
  to: string[];
  cc: string[];
  date: string | null;
  html: string;
  attachments: { name: string; size: number; content_type: string }[];
}

/**
 * Safe HTML of an e-mail body: no scripts, styles that run code, event handlers, frames or forms, and no remote
 * content (only inline data: images); links open in a new tab without a referrer.
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'span', 'font', 'center', 'u', 's']),
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan', 'align'], th: ['colspan', 'rowspan', 'align'], '*': ['dir', 'lang'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const textToHtml = (t: string) => `<p>${escape(t).replace(/\r?\n\r?\n/g, '</p><p>').replace(/\r?\n/g, '<br>')}</p>`;

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  if (!a) return [];
  return (Array.isArray(a) ? a : [a]).flatMap((x) => x.value.map((v) => (v.name ? `${v.name} <${v.address ?? ''}>` : (v.address ?? ''))));
}

/** an .eml (RFC 822) message */
export async function parseEml(buf: Buffer): Promise<ParsedEmail> {
  const m = await simpleParser(buf, { skipImageLinks: true });
  const html = typeof m.html === 'string' ? m.html : textToHtml(m.text ?? '');
  return {
    subject: m.subject ?? '',
    from: m.from?.text ?? '',
    to: addresses(m.to),
    cc: addresses(m.cc),
    date: m.date ? m.date.toISOString() : null,
    html: sanitizeEmailHtml(html),
    attachments: m.attachments.map((a) => ({ name: a.filename ?? 'attachment', size: a.size, content_type: a.contentType })),
  };
}

/** an Outlook .msg message */
export function parseMsg(buf: Buffer): ParsedEmail {
  const r = new MsgReader(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
  const d = r.getFileData();
  const who = (x: { name?: string; email?: string; smtpAddress?: string }) => (x.name && (x.email || x.smtpAddress) ? `${x.name} <${x.smtpAddress ?? x.email}>` : (x.email ?? x.name ?? ''));
  const rec = d.recipients ?? [];
  const html = d.bodyHtml ?? (d.html ? new TextDecoder().decode(d.html) : textToHtml(d.body ?? ''));
  return {
    subject: d.subject ?? '',
    from: who({ name: d.senderName, email: d.senderEmail }),
    to: rec.filter((x) => (x.recipType ?? 'to') === 'to').map(who),
    cc: rec.filter((x) => x.recipType === 'cc').map(who),
    date: d.messageDeliveryTime ?? d.clientSubmitTime ?? null,
    html: sanitizeEmailHtml(html),
    attachments: (d.attachments ?? []).map((a) => ({ name: a.fileName ?? a.fileNameShort ?? a.name ?? 'attachment', size: a.contentLength ?? 0, content_type: a.attachMimeTag ?? 'application/octet-stream' })),
  };
}
