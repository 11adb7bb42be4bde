/**
 * A DKIM check for the tests (RFC 6376), written apart from nodemailer's signer so that it can disagree with it:
 * the DKIM-Signature's tags, the body hash over the relaxed (or simple) canonical body, and the rsa-sha256
 * signature over the canonical signed headers, verified with the public key the test holds (no DNS). Enough for
 * what the service signs (one signature, rsa-sha256); not a general verifier.
 */
import { createHash, createVerify, type KeyObject } from 'node:crypto';

export interface DkimResult {
  ok: boolean;
  /** why not, when not */
  reason?: string;
  tags: Record<string, string>;
}

interface Header {
  name: string;
  /** the whole field as received, folded, with its CRLF */
  raw: string;
}

function split(message: string): { headers: Header[]; body: string } {
  const at = message.indexOf('\r\n\r\n');
  const head = at < 0 ? message : message.slice(0, at + 2);
  const body = at < 0 ? '' : message.slice(at + 4);
  const headers: Header[] = [];
  for (const line of head.split(/(?<=\r\n)/)) {
    if (!line) continue;
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1].raw += line;
    else headers.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), raw: line });
  }
  return { headers, body };
}

function relaxedHeader(raw: string): string {
  const c = raw.indexOf(':');
  const name = raw.slice(0, c).trim().toLowerCase();
  const value = raw
    .slice(c + 1)
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/\r\n$/, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${name}:${value}`;
}

function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.length ? lines.join('\r\n') + '\r\n' : '';
}

function simpleBody(body: string): string {
  let b = body;
  while (b.endsWith('\r\n\r\n')) b = b.slice(0, -2);
  if (!b.endsWith('\r\n')) b += '\r\n';
  return b;
}

/** Verify the message's (first) DKIM-Signature with `publicKey`. The message as the server received it (CRLF line ends). */
export function verifyDkim(message: string, publicKey: KeyObject): DkimResult {
  const { headers, body } = split(message);
  const sig = headers.find((h) => h.name === 'dkim-signature');
  if (!sig) return { ok: false, reason: 'no DKIM-Signature', tags: {} };
  const tags: Record<string, string> = {};
  for (const part of sig.raw.slice(sig.raw.indexOf(':') + 1).split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) tags[part.slice(0, eq).trim()] = part.slice(eq + 1).replace(/\s+/g, '');
  }
  if (tags.v !== '1' || tags.a !== 'rsa-sha256') return { ok: false, reason: `unsupported v=${tags.v} a=${tags.a}`, tags };
  const [hc, bc = 'simple'] = (tags.c ?? 'simple/simple').split('/');
  const canonicalBody = (bc === 'relaxed' ? relaxedBody : simpleBody)(body);
  const limited = tags.l !== undefined ? canonicalBody.slice(0, Number(tags.l)) : canonicalBody;
  const bh = createHash('sha256').update(limited, 'latin1').digest('base64');
  if (bh !== tags.bh) return { ok: false, reason: `body hash ${bh} is not bh=${tags.bh}`, tags };
  // the signed headers, each taken from the bottom up when a name repeats (RFC 6376 5.4.2)
  const used = new Map<string, number>();
  const canon = (raw: string) => (hc === 'relaxed' ? relaxedHeader(raw) + '\r\n' : raw);
  let data = '';
  for (const name of tags.h.split(':').map((n) => n.trim().toLowerCase())) {
    const all = headers.filter((h) => h.name === name && h !== sig);
    const n = used.get(name) ?? 0;
    used.set(name, n + 1);
    const h = all[all.length - 1 - n];
    if (h) data += canon(h.raw);
  }
  // the signature header itself, with b= emptied and no CRLF at its end
  const own = canon(sig.raw.replace(/(;\s*b=)[^;]*/, '$1')).replace(/\r\n$/, '');
  data += own;
  const ok = createVerify('RSA-SHA256').update(data, 'latin1').verify(publicKey, tags.b, 'base64');
  return ok ? { ok, tags } : { ok, reason: 'the signature does not verify', tags };
}
