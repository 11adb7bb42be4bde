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

const msgReader = (buf: Buffer) => new MsgReader(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
const msgAttachmentName = (a: { fileName?: string; fileNameShort?: string; name?: string }) => a.fileName ?? a.fileNameShort ?? a.name ?? 'attachment';

/** an Outlook .msg message */
export function parseMsg(buf: Buffer): ParsedEmail {
  const r = msgReader(buf);
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
    attachments: (d.attachments ?? []).map((a) => ({ name: msgAttachmentName(a), size: a.contentLength ?? 0, content_type: a.attachMimeTag ?? 'application/octet-stream' })),
  };
}

export interface EmailAttachment {
  name: string;
  content_type: string;
  content: Buffer;
}

/**
 * The attachment at `index` of the list parseEml/parseMsg answer (the same order: the viewer's chips name it by
 * its place), with its bytes; null when the message has no such attachment. The message is already in memory,
 * read with a bound, so its attachments are bounded by it.
 */
export async function emailAttachment(buf: Buffer, extension: string | null, index: number): Promise<EmailAttachment | null> {
  if (extension === 'msg') {
    const r = msgReader(buf);
    const a = (r.getFileData().attachments ?? [])[index];
    if (!a) return null;
    const got = r.getAttachment(a);
    return { name: got.fileName || msgAttachmentName(a), content_type: a.attachMimeTag ?? 'application/octet-stream', content: Buffer.from(got.content) };
  }
  const a = (await simpleParser(buf, { skipImageLinks: true })).attachments[index];
  if (!a) return null;
  return { name: a.filename ?? 'attachment', content_type: a.contentType, content: a.content };
}
