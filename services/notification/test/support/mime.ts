/**
 * Just enough MIME decoding for the test SMTP sink: headers (folded, RFC 2047 encoded words),
 * multipart bodies, quoted-printable and base64 parts (the messages nodemailer builds for the service).
 */
export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const i = raw.search(/\r?\n\r?\n/);
  if (i < 0) return { head: raw, body: '' };
  const sep = raw.slice(i).match(/^\r?\n\r?\n/)![0];
  return { head: raw.slice(0, i), body: raw.slice(i + sep.length) };
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c > 0) out[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  return out;
}

function qpBytes(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: =?UTF-8?B?...?= and =?UTF-8?Q?...?= (adjacent words are joined). */
export function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _cs, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qpBytes(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return qpBytes(body).toString('utf8');
  return body;
}

function walk(raw: string, out: ParsedMail, top: boolean): void {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  if (top) out.headers = headers;
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const m = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '');
    if (!m) return;
    const parts = body.split(`--${m[1]}`).slice(1);
    for (const p of parts) {
      if (p.startsWith('--')) break;
      walk(p.replace(/^\r?\n/, ''), out, false);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (type.startsWith('text/html')) out.html += decoded;
  else if (type.startsWith('text/plain')) out.text += decoded;
}

export function parseMail(raw: string): ParsedMail {
  const out: ParsedMail = { headers: {}, subject: '', text: '', html: '' };
  walk(raw, out, true);
  out.subject = decodeWords(out.headers.subject ?? '');
  return out;
}
