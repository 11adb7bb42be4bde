import { createHash } from 'node:crypto';

/**
 * The MIME message of one notification e-mail, built here instead of by nodemailer's composer (its
 * MIME tree, stream pipeline and per-message normalisation cost more than the SMTP transaction itself,
 * docs/performance.md "P6"). A pure function: the same input gives the same bytes.
 *
 * The shape is the one every notification has: one `multipart/alternative` with a text/plain and a
 * text/html part (UTF-8), each quoted-printable or base64, whichever is shorter for its content (English
 * and French come out readable, Arabic and Russian compact). Header texts that are not plain ASCII
 * (subjects, display names) are RFC 2047 encoded words (`=?UTF-8?B?...?=`, or `Q` for mostly-Latin text),
 * folded so that no header line grows past 78 characters where a break is possible. Line ends are CRLF.
 * Dot-stuffing is the SMTP client's business, not this message's.
 */
export interface MimeAddress {
  name: string | null;
  address: string;
}

export interface MimeInput {
  from: MimeAddress;
  to: MimeAddress;
  subject: string;
  text: string;
  html: string;
  /** `<id@domain>` */
  messageId: string;
  date: Date;
  /** further headers in this order (Content-Language, Auto-Submitted...): ASCII names, unstructured values */
  headers?: ReadonlyArray<readonly [string, string]>;
}

const CRLF = '\r\n';
/** RFC 5321/5322 addresses as the contracts accept them (z.email(): ASCII, no quoted local parts) */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;
const MESSAGE_ID = /^<[\x21-\x3b\x3d\x3f-\x7e]+@[\x21-\x3b\x3d\x3f-\x7e]+>$/;
const HEADER_NAME = /^[A-Za-z0-9-]+$/;
/** a display name that may stand unquoted: atext and spaces (RFC 5322 3.2.3) */
const ATOMS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/;
const PRINTABLE = /^[\x20-\x7e]*$/;
/** control characters (a CR or LF in a header would end it) become spaces */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\x00-\x1f\x7f]+/g;
const SOFT_LIMIT = 78;
const HARD_LIMIT = 998;

/** The whole message, ready to be handed to SMTP (after dot-stuffing). */
export function buildMime(m: MimeInput): Buffer {
  if (!MESSAGE_ID.test(m.messageId)) throw new Error(`invalid Message-ID ${JSON.stringify(m.messageId)}`);
  if (Number.isNaN(m.date.getTime())) throw new Error('invalid Date');
  const boundary = boundaryFor(m.messageId);
  const head = [
    addressHeader('From', m.from),
    addressHeader('To', m.to),
    unstructuredHeader('Subject', m.subject),
    `Date: ${rfc5322Date(m.date)}`,
    `Message-ID: ${m.messageId}`,
    'MIME-Version: 1.0',
  ];
  for (const [name, value] of m.headers ?? []) {
    if (!HEADER_NAME.test(name)) throw new Error(`invalid header name ${JSON.stringify(name)}`);
    head.push(unstructuredHeader(name, value));
  }
  head.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
  const out =
    head.join(CRLF) +
    CRLF +
    CRLF +
    `--${boundary}${CRLF}` +
    textPart('text/plain', m.text) +
    `--${boundary}${CRLF}` +
    textPart('text/html', m.html) +
    `--${boundary}--${CRLF}`;
  return Buffer.from(out, 'latin1');
}

/**
 * The part boundary: `=_` can occur neither in quoted-printable (a `=` is always followed by two hex digits
 * or a line end) nor in base64 (no `_`), so it never collides with a part's content.
 */
export function boundaryFor(messageId: string): string {
  return `=_bm_${createHash('sha1').update(messageId).digest('hex').slice(0, 24)}`;
}

/** `Wed, 25 Nov 2026 06:05:00 +0000` */
export function rfc5322Date(d: Date): string {
  return d.toUTCString().replace(/GMT$/, '+0000');
}

function addressHeader(name: string, a: MimeAddress): string {
  if (!ADDRESS.test(a.address)) throw new Error(`invalid ${name} address ${JSON.stringify(a.address)}`);
  const display = (a.name ?? '').replace(CONTROLS, ' ').trim();
  if (!display) return `${name}: ${a.address}`;
  const prefix = `${name}: `;
  const tail = ` <${a.address}>`;
  if (PRINTABLE.test(display) && !display.includes('=?')) {
    const phrase = ATOMS.test(display) ? display : `"${display.replace(/[\\"]/g, '\\$&')}"`;
    if (prefix.length + phrase.length + tail.length <= HARD_LIMIT) return prefix + phrase + tail;
  }
  return prefix + encodedWords(display, prefix.length).join(CRLF + ' ') + tail;
}

function unstructuredHeader(name: string, raw: string): string {
  const value = raw.replace(CONTROLS, ' ').trim();
  const prefix = `${name}: `;
  if (PRINTABLE.test(value) && !value.includes('=?')) {
    const folded = foldAscii(prefix, value);
    if (folded) return folded;
  }
  return prefix + encodedWords(value, prefix.length).join(CRLF + ' ');
}

/** Folds printable ASCII at spaces (lines up to 78 where possible); null when a word would pass 998. */
function foldAscii(prefix: string, value: string): string | null {
  if (prefix.length + value.length <= SOFT_LIMIT) return prefix + value;
  const words = value.split(/ +/);
  const lines: string[] = [];
  let line = prefix + words[0];
  for (const w of words.slice(1)) {
    if (line.length + 1 + w.length > SOFT_LIMIT) {
      lines.push(line);
      line = ' ' + w;
    } else {
      line += ' ' + w;
    }
  }
  lines.push(line);
  return lines.some((l) => l.length > HARD_LIMIT) ? null : lines.join(CRLF);
}

/** characters a Q-encoded word may carry as they are (RFC 2047 5(3), the strictest context: a phrase) */
function qSafe(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x21 || byte === 0x2a || byte === 0x2b || byte === 0x2d || byte === 0x2f;
}

const HEX = '0123456789ABCDEF';

/**
 * RFC 2047 encoded words for `value`, each at most 75 characters and whole characters only (a UTF-8
 * sequence is never split between two words), short enough that each folded line stays near 78.
 * `Q` when at least half the text is ASCII (French, names with an accent), `B` otherwise.
 */
export function encodedWords(value: string, firstIndent = 0): string[] {
  const bytes = Buffer.from(value, 'utf8');
  let nonAscii = 0;
  for (const b of bytes) if (b >= 0x80) nonAscii++;
  const q = nonAscii * 2 < bytes.length;
  const words: string[] = [];
  // payload per word: 75 - "=?UTF-8?X?" - "?=" = 63 characters; less on the first line, after "Subject: "
  const budget = () => (words.length ? 63 : Math.min(63, 75 - 12 - Math.max(0, firstIndent - 3)));
  let start = 0;
  let size = 0;
  const flush = (end: number) => {
    const chunk = bytes.subarray(start, end);
    words.push(q ? `=?UTF-8?Q?${qEncode(chunk)}?=` : `=?UTF-8?B?${chunk.toString('base64')}?=`);
    start = end;
    size = 0;
  };
  let i = 0;
  while (i < bytes.length) {
    // one character: a lead byte and its continuation bytes (10xxxxxx)
    let j = i + 1;
    while (j < bytes.length && (bytes[j] & 0xc0) === 0x80) j++;
    let cost = 0;
    if (q) for (let k = i; k < j; k++) cost += bytes[k] === 0x20 || qSafe(bytes[k]) ? 1 : 3;
    const next = q ? size + cost : Math.ceil((j - start) / 3) * 4;
    if (i > start && next > budget()) {
      flush(i);
      size = q ? cost : Math.ceil((j - i) / 3) * 4;
    } else {
      size = next;
    }
    i = j;
  }
  if (i > start || !words.length) flush(i);
  return words;
}

function qEncode(buf: Buffer): string {
  let s = '';
  for (const b of buf) {
    if (b === 0x20) s += '_';
    else if (qSafe(b)) s += String.fromCharCode(b);
    else s += '=' + HEX[b >> 4] + HEX[b & 15];
  }
  return s;
}

function textPart(type: 'text/plain' | 'text/html', content: string): string {
  const bytes = Buffer.from(content.replace(/\r\n|\r|\n/g, CRLF), 'utf8');
  // quoted-printable costs 2 more characters for each byte it escapes, base64 a third of every byte
  let escaped = 0;
  for (const b of bytes) if (b >= 0x80 || b === 0x3d || (b < 0x20 && b !== 0x0d && b !== 0x0a && b !== 0x09) || b === 0x7f) escaped++;
  const qp = escaped * 2 * 3 < bytes.length;
  const head = `Content-Type: ${type}; charset=utf-8${CRLF}Content-Transfer-Encoding: ${qp ? 'quoted-printable' : 'base64'}${CRLF}${CRLF}`;
  return head + (qp ? quotedPrintable(bytes) : base64Lines(bytes)) + CRLF;
}

/** base64 in lines of 76 characters (no line end after the last) */
export function base64Lines(bytes: Buffer): string {
  const b64 = bytes.toString('base64');
  if (b64.length <= 76) return b64;
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 76) lines.push(b64.slice(i, i + 76));
  return lines.join(CRLF);
}

/**
 * Quoted-printable (RFC 2045 6.7) of CRLF-separated UTF-8: CRLF stays a hard line end, `=`, controls and
 * bytes above 0x7E are escaped, a space or tab before a line end is escaped, and soft line breaks keep
 * every line at 76 characters at most (an escape is never split). No line end after the last line.
 */
export function quotedPrintable(bytes: Buffer): string {
  const n = bytes.length;
  const out = Buffer.allocUnsafe(n * 3 + Math.ceil((n * 3) / 73) * 3 + 3);
  let o = 0;
  let col = 0;
  const softBreak = () => {
    out[o++] = 0x3d; // '='
    out[o++] = 0x0d;
    out[o++] = 0x0a;
    col = 0;
  };
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0x0d && bytes[i + 1] === 0x0a) {
      out[o++] = 0x0d;
      out[o++] = 0x0a;
      col = 0;
      i++;
      continue;
    }
    const atLineEnd = i + 1 === n || (bytes[i + 1] === 0x0d && bytes[i + 2] === 0x0a);
    const literal = (b >= 0x21 && b <= 0x7e && b !== 0x3d) || ((b === 0x20 || b === 0x09) && !atLineEnd);
    const width = literal ? 1 : 3;
    // the line may hold 76 characters: 75 and a soft break's '=', or 76 when this is the line's last character
    if (col + width > (atLineEnd ? 76 : 75)) softBreak();
    if (literal) {
      out[o++] = b;
    } else {
      out[o++] = 0x3d;
      out[o++] = HEX.charCodeAt(b >> 4);
      out[o++] = HEX.charCodeAt(b & 15);
    }
    col += width;
  }
  return out.toString('latin1', 0, o);
}
