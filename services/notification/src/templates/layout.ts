import type { Lang } from '@app/contracts';
import type { EmailContent } from './template';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const RTL: readonly Lang[] = ['ar'];

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Only http(s) links become buttons; anything else is dropped rather than put in an href. */
function safeUrl(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * One layout for every e-mail: HTML (table layout that mail clients render, right-to-left with
 * dir="rtl" for Arabic) and a plain-text part with the same words. Every text is escaped here, so
 * templates deal in plain strings only.
 */
export function renderLayout(content: EmailContent, opts: { lang: Lang; orgName: string; footer: string }): RenderedEmail {
  const rtl = RTL.includes(opts.lang);
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  // fr has English texts (docs/product/overview.md#formats-and-limits), so the document language is en
  const htmlLang = opts.lang === 'fr' ? 'en' : opts.lang;
  const url = content.action ? safeUrl(content.action.url) : null;

  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 14px;font-size:15px;line-height:1.5;color:#1f2933">${escapeHtml(p)}</p>`)
    .join('\n');
  const details = content.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:4px 0 18px;border-collapse:collapse">${content.details
        .map(
          (d) =>
            `<tr><td style="padding:4px 0;padding-${rtl ? 'left' : 'right'}:16px;font-size:14px;color:#52606d;white-space:nowrap;vertical-align:top">${escapeHtml(d.label)}</td><td style="padding:4px 0;font-size:14px;color:#1f2933">${escapeHtml(d.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = url
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 22px"><tr><td style="border-radius:6px;background:#2456a6"><a href="${escapeHtml(url)}" style="display:inline-block;padding:11px 22px;font-size:15px;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(content.action!.label)}</a></td></tr></table>
<p style="margin:0 0 14px;font-size:12px;line-height:1.5;color:#7b8794;word-break:break-all"><a href="${escapeHtml(url)}" style="color:#2456a6" dir="ltr">${escapeHtml(url)}</a></p>`
    : '';
  const notes = (content.notes ?? [])
    .map((n) => `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#52606d">${escapeHtml(n)}</p>`)
    .join('\n');

  const html = `<!DOCTYPE html>
<html lang="${htmlLang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body dir="${dir}" style="margin:0;padding:0;background:#f4f6f8;font-family:Segoe UI,Helvetica,Arial,Tahoma,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:600px;background:#ffffff;border-radius:8px;text-align:${align}">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e4e7eb;font-size:16px;font-weight:600;color:#2456a6">${escapeHtml(opts.orgName)}</td></tr>
<tr><td style="padding:24px 28px">
<h1 style="margin:0 0 18px;font-size:20px;line-height:1.3;color:#1f2933">${escapeHtml(content.heading)}</h1>
${paragraphs}
${details}
${button}
${notes}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e4e7eb;font-size:12px;color:#7b8794">${escapeHtml(opts.footer)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;

  const lines: string[] = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details?.length) lines.push(...content.details.map((d) => `${d.label}: ${d.value}`), '');
  if (url) lines.push(`${content.action!.label}: ${url}`, '');
  if (content.notes?.length) lines.push(...content.notes, '');
  lines.push('--', opts.footer, '');
  return { subject: content.subject, html, text: lines.join('\n') };
}
