import { simpleParser, type AddressObject } from 'mailparser';
import { base64Lines, buildMime, encodedWords, quotedPrintable, rfc5322Date, type MimeInput } from './mime';
import { dotStuff } from './smtp-client';

const DATE = new Date('2026-11-25T06:05:09Z');

function input(over: Partial<MimeInput> = {}): MimeInput {
  return {
    from: { name: 'Board of Ruwi & Co', address: 'no-reply@boardroom.local' },
    to: { name: 'Layla Haddad', address: 'layla@example.test' },
    subject: 'Reset your password',
    text: 'Hello,\n\nReset your password: https://acme.example.test/reset?token=abc&email=x%40y\n',
    html: '<p style="margin:0">Hello,</p>\n<p><a href="https://acme.example.test/reset?token=abc&amp;email=x%40y">Reset</a></p>\n',
    messageId: '<email-0123456789abcdef@boardroom.local>',
    date: DATE,
    headers: [
      ['Content-Language', 'en'],
      ['Auto-Submitted', 'auto-generated'],
    ],
    ...over,
  };
}

const first = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a[0] : a)!.value[0];

/** the message's lines (CRLF-separated) */
const linesOf = (raw: Buffer) => raw.toString('latin1').split('\r\n');

describe('buildMime', () => {
  const arabicLong = 'تذكير: التصويت على القرار «الموافقة على الميزانية السنوية للعام المالي ٢٠٢٧ وخطة الاستثمار» يُغلق قريبًا';
  const cases: [string, Partial<MimeInput>][] = [
    ['English', {}],
    ['French (mostly Latin: Q words)', { subject: 'Réinitialisez votre mot de passe', to: { name: 'Zoé Lefèvre', address: 'zoe@example.test' }, text: 'Bonjour Zoé,\nCliquez ici.', html: '<p>Bonjour Zoé,</p>' }],
    ['Arabic', { subject: 'أنت مدعو للانضمام إلى مجلس رُوي', from: { name: 'مجلس إدارة شركة رُوي', address: 'no-reply@boardroom.local' }, to: { name: 'ليلى حداد', address: 'layla@example.test' }, text: 'مرحبًا ليلى،\n\nأكمل ملفك الشخصي: https://x.test/a?b=1\n', html: '<html dir="rtl"><p>مرحبًا ليلى،</p><a href="https://x.test/a?b=1">أكمل ملفك الشخصي</a></html>' }],
    ['Russian', { subject: 'Приглашение на заседание «Совет директоров»', to: { name: 'Иван Петров', address: 'ivan@example.test' }, text: 'Здравствуйте, Иван!\nЗаседание начнётся 05 Mar 2026 02:07 PM (Europe/Moscow).', html: '<p>Здравствуйте, Иван!</p>' }],
    ['a long Arabic subject (several encoded words)', { subject: arabicLong }],
    ['a long English subject (folded at spaces)', { subject: 'Reminder: voting on the decision "Approval of the annual budget for the fiscal year 2027 and the investment plan" closes soon' }],
    ['a name that needs quoting', { from: { name: 'Acme, Inc. "The Board"', address: 'no-reply@boardroom.local' }, to: { name: 'O\'Brien \\ Sons', address: 'ob@example.test' } }],
    ['no recipient name', { to: { name: null, address: 'plain@example.test' } }],
    ['ASCII text that looks like an encoded word', { subject: 'About =?UTF-8?B?x?= tokens', to: { name: '=?UTF-8?Q?x?=', address: 'eq@example.test' } }],
    ['mixed scripts and emoji', { subject: 'Board 🗳️ vote: مجلس / Совет / Zoé', text: 'Votes 🗳️ ✔', html: '<p>🗳️ ✔</p>' }],
    ['lines starting with dots and trailing spaces', { text: '.hidden\n.\nend with space \nand tab\t\n', html: '<p>x</p>' }],
    ['a very long line without spaces', { text: 'x'.repeat(3000), html: `<a href="https://x.test/${'a'.repeat(2000)}">${'ز'.repeat(500)}</a>` }],
  ];

  it.each(cases)('%s: parses back to the same fields', async (_name, over) => {
    const m = input(over);
    const raw = buildMime(m);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(m.subject);
    expect(first(parsed.from)).toEqual({ name: m.from.name, address: m.from.address });
    expect(first(parsed.to)).toEqual({ name: m.to.name ?? '', address: m.to.address });
    expect(parsed.messageId).toBe(m.messageId);
    expect(parsed.date?.toISOString()).toBe(DATE.toISOString());
    expect(parsed.headers.get('content-language')).toBe('en');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.headers.get('mime-version')).toBe('1.0');
    // the text comes back as it was (mailparser turns the CRLF line ends back into LF)
    expect(parsed.text).toBe(m.text);
    expect(parsed.html).toBe(m.html);
    expect(parsed.attachments).toEqual([]);
  });

  it.each(cases)('%s: 7-bit, CRLF only, lines within limits', (_name, over) => {
    const raw = buildMime(input(over));
    // nothing but printable ASCII, CR and LF, and every LF preceded by CR
    expect([...raw].every((b) => (b >= 0x20 && b <= 0x7e) || b === 0x0d || b === 0x0a)).toBe(true);
    expect(raw.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = linesOf(raw);
    const blank = lines.indexOf('');
    const head = lines.slice(0, blank);
    // header lines: 78 where a break is possible; an address or a single word can make its line longer, never past 998
    for (const l of head) expect(l.length).toBeLessThanOrEqual(998);
    for (const l of head.filter((x) => !x.includes('<'))) expect(l.length).toBeLessThanOrEqual(78);
    // body lines: 76 at most (base64 and quoted-printable)
    for (const l of lines.slice(blank + 1)) expect(l.length).toBeLessThanOrEqual(76);
  });

  it('has the structure: headers, one multipart/alternative with a text and an HTML part', () => {
    const raw = buildMime(input({ subject: 'Приглашение', text: 'Здравствуйте', html: '<p>Hello</p>' })).toString('latin1');
    const [head, ...body] = raw.split('\r\n\r\n');
    const boundary = /boundary="([^"]+)"/.exec(head)![1];
    expect(boundary).toMatch(/^=_bm_[0-9a-f]{24}$/);
    expect(head.split('\r\n').map((l) => l.split(':')[0])).toEqual(['From', 'To', 'Subject', 'Date', 'Message-ID', 'MIME-Version', 'Content-Language', 'Auto-Submitted', 'Content-Type']);
    expect(head).toContain('Subject: =?UTF-8?B?');
    expect(head).toContain('Date: Wed, 25 Nov 2026 06:05:09 +0000');
    expect(head).toContain('From: Board of Ruwi & Co <no-reply@boardroom.local>');
    const rest = body.join('\r\n\r\n');
    expect(rest.split(`--${boundary}\r\n`)).toHaveLength(3);
    expect(rest.endsWith(`--${boundary}--\r\n`)).toBe(true);
    // Russian text: base64 is shorter; the ASCII HTML: quoted-printable
    expect(rest).toContain('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n');
    expect(rest).toContain('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n');
  });

  it('is deterministic: the same input gives the same bytes, another message id another boundary', () => {
    expect(buildMime(input()).equals(buildMime(input()))).toBe(true);
    const a = /boundary="([^"]+)"/.exec(buildMime(input()).toString())![1];
    const b = /boundary="([^"]+)"/.exec(buildMime(input({ messageId: '<other@boardroom.local>' })).toString())![1];
    expect(a).not.toBe(b);
  });

  it('keeps line breaks out of headers (no header injection from a subject or a name)', async () => {
    const raw = buildMime(input({ subject: 'Hi\r\nBcc: victim@example.test', to: { name: 'Eve\nX-Evil: 1', address: 'eve@example.test' } }));
    const parsed = await simpleParser(raw);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.headers.has('x-evil')).toBe(false);
    expect(parsed.subject).toBe('Hi Bcc: victim@example.test');
    expect(first(parsed.to).name).toBe('Eve X-Evil: 1');
  });

  it.each([
    ['a recipient address with a space', { to: { name: null, address: 'a b@example.test' } }],
    ['a recipient address with a line break', { to: { name: null, address: 'a@example.test\r\nBcc: x@y.test' } }],
    ['a non-ASCII address', { to: { name: null, address: 'ليلى@example.test' } }],
    ['a sender address in angle brackets', { from: { name: 'x', address: '<a@example.test>' } }],
    ['a Message-ID without brackets', { messageId: 'abc@example.test' }],
    ['a header name with a colon', { headers: [['X-A: b', 'c']] as [string, string][] }],
    ['an invalid date', { date: new Date('nope') }],
  ])('refuses %s', (_name, over) => {
    expect(() => buildMime(input(over))).toThrow();
  });
});

describe('encodedWords', () => {
  it.each([
    ['Arabic', 'التصويت يُغلق قريبًا على القرار «الموافقة على الميزانية السنوية للعام المالي ٢٠٢٧»', 'B'],
    ['Russian', 'Приглашение на заседание «Совет директоров» в понедельник утром, очень длинная тема', 'B'],
    ['French', 'Réinitialisez votre mot de passe pour le conseil d\'administration de Zoé & Associés', 'Q'],
    ['emoji', '🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️🗳️', 'B'],
  ])('%s: words of at most 75 characters, each whole UTF-8 characters', (_name, text, kind) => {
    const words = encodedWords(text, 'Subject: '.length);
    expect(words.length).toBeGreaterThan(1);
    let joined = '';
    for (const w of words) {
      expect(w.length).toBeLessThanOrEqual(75);
      const m = /^=\?UTF-8\?([BQ])\?([^?]*)\?=$/.exec(w)!;
      expect(m[1]).toBe(kind);
      const bytes = m[1] === 'B' ? Buffer.from(m[2], 'base64') : Buffer.from(m[2].replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
      // each word decodes on its own: no character is split between two words
      const s = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      joined += s;
    }
    expect(joined).toBe(text);
  });
});

describe('quotedPrintable', () => {
  it.each([
    ['ASCII is kept', 'Hello world', 'Hello world'],
    ['= is escaped', 'a=b', 'a=3Db'],
    ['UTF-8 bytes are escaped', 'é', '=C3=A9'],
    ['a trailing space is escaped, inner ones kept', 'a b \r\nc', 'a b=20\r\nc'],
    ['a trailing tab at the end of the text', 'a\t', 'a=09'],
    ['a long line gets soft breaks at 76', 'x'.repeat(80), `${'x'.repeat(75)}=\r\n${'x'.repeat(5)}`],
    ['76 characters fit on one line', 'x'.repeat(76), 'x'.repeat(76)],
    ['an escape is never split by a soft break', `${'x'.repeat(74)}é`, `${'x'.repeat(74)}=\r\n=C3=A9`],
  ])('%s', (_name, text, expected) => {
    expect(quotedPrintable(Buffer.from(text, 'utf8'))).toBe(expected);
  });
});

describe('base64Lines', () => {
  it('breaks at 76 characters', () => {
    const out = base64Lines(Buffer.alloc(120, 0x61));
    expect(out.split('\r\n').map((l) => l.length)).toEqual([76, 76, 8]);
  });
});

describe('rfc5322Date', () => {
  it.each([
    ['2026-11-25T06:05:09Z', 'Wed, 25 Nov 2026 06:05:09 +0000'],
    ['2027-01-01T00:00:00.999Z', 'Fri, 01 Jan 2027 00:00:00 +0000'],
  ])('%s is %s', (iso, expected) => {
    expect(rfc5322Date(new Date(iso))).toBe(expected);
  });
});

describe('dotStuff', () => {
  it.each([
    ['no dot at a line start: the same buffer', 'a.b\r\nc.\r\n', 'a.b\r\nc.\r\n'],
    ['a dot at the very start', '.a\r\nb', '..a\r\nb'],
    ['dots after line ends', 'a\r\n.\r\n..b\r\n', 'a\r\n..\r\n...b\r\n'],
  ])('%s', (_name, text, expected) => {
    const src = Buffer.from(text);
    const out = dotStuff(src);
    expect(out.toString()).toBe(expected);
    if (text === expected) expect(out).toBe(src);
  });
});
