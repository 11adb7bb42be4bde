/**
 * The service's SMTP transport (Mailer: nodemailer, pooled) against real SMTP servers on loopback ports (the
 * smtp-server package, started here): TLS required whenever it authenticates, STARTTLS with a certificate trusted
 * through config, DKIM signatures that verify, OAuth2 (XOAUTH2) with a fixed access token and with one fetched from
 * a token endpoint. No queue, no database: the job side of a refused connection is in notification.int-spec.ts.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Mailer, type OutgoingEmail } from '../src/email/mailer';
import { serviceConfig } from './support/harness';
import { SmtpSink } from './support/smtp-sink';
import { verifyDkim } from './support/dkim';

jest.setTimeout(30_000);

const TLS_DIR = path.join(__dirname, 'support', 'tls');
/** a self-signed certificate for localhost and 127.0.0.1 (test only; its key is not a secret of anything) */
const tlsKey = fs.readFileSync(path.join(TLS_DIR, 'smtp-test.key'), 'utf8');
const tlsCert = fs.readFileSync(path.join(TLS_DIR, 'smtp-test.crt'), 'utf8');

const mail = (to: string): OutgoingEmail => ({
  from: { name: 'Board of Ruwi & Co', address: 'no-reply@boardroom.test' },
  to: { name: 'Layla Haddad', address: to },
  subject: 'Réinitialisez votre mot de passe — Сброс пароля',
  text: 'Reset your password: https://acme.localhost:3000/auth/reset-password?token=abc\n.a line that starts with a dot\n',
  html: '<p dir="ltr">Reset your password: <a href="https://acme.localhost:3000/auth/reset-password?token=abc">link</a></p>',
  messageId: `<email-${randomUUID()}@boardroom.test>`,
  lang: 'ru',
});
const to = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

describe('Mailer (nodemailer) against real SMTP servers', () => {
  const open: { sink: SmtpSink; mailer?: Mailer }[] = [];
  async function setUp(sinkOptions: ConstructorParameters<typeof SmtpSink>[0], url: (port: number) => string, extra: Record<string, string> = {}) {
    const sink = new SmtpSink({ recordClearText: true, ...sinkOptions });
    const entry: { sink: SmtpSink; mailer?: Mailer } = { sink };
    open.push(entry);
    await sink.start();
    const mailer = new Mailer(serviceConfig(url(sink.port), extra));
    entry.mailer = mailer;
    return { sink, mailer };
  }

  afterEach(async () => {
    for (const { sink, mailer } of open.splice(0)) {
      mailer?.onApplicationShutdown();
      await sink.stop();
    }
  });

  it('a server that asks for AUTH but offers no STARTTLS gets neither the credentials nor the message', async () => {
    const { sink, mailer } = await setUp({ auth: { user: 'relay', pass: 's3cret-pass' } }, (port) => `smtp://relay:s3cret-pass@127.0.0.1:${port}`);
    expect(mailer.summary).toMatchObject({ requireTLS: true, auth: 'password' });
    const err = await mailer.send(mail(to('stripped'))).then(() => null, (e: Error) => e);
    expect(err?.message).toMatch(/did not upgrade the connection with STARTTLS .*TLS is required because it authenticates: nothing was sent, no AUTH either/);
    expect(err?.message).not.toContain('s3cret-pass');
    expect(sink.auths).toEqual([]);
    const commands = sink.clearCommands();
    expect(commands).toContain('STARTTLS');
    expect(commands).not.toContain('AUTH');
    expect(commands).not.toContain('MAIL');
    expect(sink.received).toHaveLength(0);
  });

  it('SMTP_REQUIRE_TLS: without credentials too, nothing is sent over a connection that did not upgrade', async () => {
    const { sink, mailer } = await setUp({}, (port) => `smtp://127.0.0.1:${port}`, { SMTP_REQUIRE_TLS: 'true' });
    const err = await mailer.send(mail(to('plain'))).then(() => null, (e: Error) => e);
    expect(err?.message).toMatch(/TLS is required because SMTP_REQUIRE_TLS is set/);
    expect(sink.clearCommands()).not.toContain('MAIL');
    expect(sink.received).toHaveLength(0);
  });

  it('without credentials or SMTP_REQUIRE_TLS a server without STARTTLS gets the message (maildev, a local relay)', async () => {
    const { sink, mailer } = await setUp({}, (port) => `smtp://127.0.0.1:${port}`);
    expect(mailer.summary).toMatchObject({ requireTLS: false, auth: 'none' });
    await mailer.send(mail(to('local')));
    expect(sink.received).toHaveLength(1);
  });

  it('STARTTLS offered with a certificate trusted through SMTP_TLS_CA: AUTH happens after the upgrade, never in clear', async () => {
    const { sink, mailer } = await setUp(
      { starttls: { key: tlsKey, cert: tlsCert }, auth: { user: 'relay', pass: 's3cret-pass' } },
      (port) => `smtp://relay:s3cret-pass@localhost:${port}`,
      { SMTP_TLS_CA: tlsCert },
    );
    const m = mail(to('tls'));
    await mailer.send(m);
    expect(sink.auths).toEqual([{ method: 'PLAIN', user: 'relay', accessToken: null, secure: true }]);
    expect(sink.sessions).toEqual([{ secure: true, user: 'relay' }]);
    const commands = sink.clearCommands();
    expect(commands.slice(0, 2)).toEqual(['EHLO', 'STARTTLS']);
    expect(commands).not.toContain('AUTH');
    expect(commands).not.toContain('MAIL');
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0].subject).toBe(m.subject);
    expect(sink.received[0].text).toContain('\n.a line that starts with a dot');
  });

  it('STARTTLS with a certificate nobody trusts: refused (Node\'s checks are kept), no AUTH', async () => {
    const { sink, mailer } = await setUp(
      { starttls: { key: tlsKey, cert: tlsCert }, auth: { user: 'relay', pass: 's3cret-pass' } },
      (port) => `smtp://relay:s3cret-pass@localhost:${port}`,
    );
    const err = await mailer.send(mail(to('untrusted'))).then(() => null, (e: Error) => e);
    expect(err?.message).toMatch(/self[- ]signed|certificate/i);
    expect(sink.auths).toEqual([]);
    expect(sink.received).toHaveLength(0);
  });

  it('DKIM: the received message carries a DKIM-Signature (d=, s=) that verifies with the public key, and stops verifying when altered', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { sink, mailer } = await setUp({}, (port) => `smtp://127.0.0.1:${port}`, {
      DKIM_DOMAIN: 'boardroom.test',
      DKIM_SELECTOR: 'mail2026',
      // one line, as an environment variable holds it
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
    });
    expect(mailer.summary.dkim).toBe('mail2026._domainkey.boardroom.test');
    await mailer.send(mail(to('dkim')));
    const raw = sink.received[0].raw;
    const result = verifyDkim(raw, publicKey);
    expect(result.reason).toBeUndefined();
    expect(result).toMatchObject({ ok: true, tags: { d: 'boardroom.test', s: 'mail2026', a: 'rsa-sha256', c: 'relaxed/relaxed' } });
    expect(result.tags.h.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'message-id', 'date']));
    // the check can fail: another body, another subject, another key
    expect(verifyDkim(raw.replace('Reset your password', 'Reset your passw0rd'), publicKey)).toMatchObject({ ok: false });
    expect(verifyDkim(raw.replace(/^Subject: .*$/m, 'Subject: changed'), publicKey)).toMatchObject({ ok: false, reason: 'the signature does not verify' });
    expect(verifyDkim(raw, generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey)).toMatchObject({ ok: false });
  });

  it('without a DKIM key nothing is signed', async () => {
    const { sink, mailer } = await setUp({}, (port) => `smtp://127.0.0.1:${port}`);
    await mailer.send(mail(to('nodkim')));
    expect(sink.received[0].headers['dkim-signature']).toBeUndefined();
  });

  it('a subject or a name with CR/LF cannot add a header or a recipient', async () => {
    const { sink, mailer } = await setUp({}, (port) => `smtp://127.0.0.1:${port}`);
    const victim = to('inject');
    await mailer.send({
      ...mail(victim),
      subject: 'Hello\r\nBcc: attacker@evil.test\r\nX-Injected: 1',
      from: { name: 'Board\r\nX-Injected: 2', address: 'no-reply@boardroom.test' },
      to: { name: 'Layla\nCc: attacker@evil.test', address: victim },
    });
    expect(sink.received).toHaveLength(1);
    const m = sink.received[0];
    expect(m.to).toEqual([victim.toLowerCase()]);
    expect(Object.keys(m.headers)).not.toEqual(expect.arrayContaining(['bcc']));
    expect(m.headers.bcc).toBeUndefined();
    expect(m.headers.cc).toBeUndefined();
    expect(m.headers['x-injected']).toBeUndefined();
    expect(m.raw).not.toMatch(/^(Bcc|Cc|X-Injected):/im);
  });

  it('XOAUTH2 with an access token: the server receives the configured user and token, after STARTTLS', async () => {
    const { sink, mailer } = await setUp(
      { starttls: { key: tlsKey, cert: tlsCert }, auth: { user: 'board@contoso.test', accessToken: 'ya29.fixed-access-token' } },
      (port) => `smtp://localhost:${port}`,
      { SMTP_TLS_CA: tlsCert, SMTP_OAUTH2_USER: 'board@contoso.test', SMTP_OAUTH2_ACCESS_TOKEN: 'ya29.fixed-access-token' },
    );
    expect(mailer.summary).toMatchObject({ auth: 'oauth2', requireTLS: true });
    await mailer.send(mail(to('xoauth2')));
    expect(sink.auths).toEqual([{ method: 'XOAUTH2', user: 'board@contoso.test', accessToken: 'ya29.fixed-access-token', secure: true }]);
    expect(sink.received).toHaveLength(1);
    expect(sink.clearCommands()).not.toContain('AUTH');
  });

  it('XOAUTH2 with a refresh token (Microsoft 365): the access token comes from the token endpoint and goes to the server', async () => {
    const requests: URLSearchParams[] = [];
    const tokenServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        requests.push(new URLSearchParams(body));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'eyJ0.fetched-token', token_type: 'Bearer', expires_in: 3600 }));
      });
    });
    await new Promise<void>((r) => tokenServer.listen(0, '127.0.0.1', () => r()));
    try {
      const tokenUrl = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/tenant/oauth2/v2.0/token`;
      const { sink, mailer } = await setUp(
        { starttls: { key: tlsKey, cert: tlsCert }, auth: { user: 'board@contoso.test', accessToken: 'eyJ0.fetched-token' } },
        (port) => `smtp://localhost:${port}`,
        {
          SMTP_TLS_CA: tlsCert,
          SMTP_OAUTH2_PROVIDER: 'microsoft',
          SMTP_OAUTH2_USER: 'board@contoso.test',
          SMTP_OAUTH2_CLIENT_ID: 'client-id-1',
          SMTP_OAUTH2_CLIENT_SECRET: 'client-secret-1',
          SMTP_OAUTH2_REFRESH_TOKEN: 'refresh-token-1',
          SMTP_OAUTH2_TOKEN_URL: tokenUrl,
        },
      );
      await mailer.send(mail(to('ms365')));
      expect(requests).toHaveLength(1);
      expect(Object.fromEntries(requests[0])).toMatchObject({
        grant_type: 'refresh_token',
        client_id: 'client-id-1',
        client_secret: 'client-secret-1',
        refresh_token: 'refresh-token-1',
        scope: 'https://outlook.office365.com/SMTP.Send offline_access',
      });
      expect(sink.auths).toEqual([{ method: 'XOAUTH2', user: 'board@contoso.test', accessToken: 'eyJ0.fetched-token', secure: true }]);
      expect(sink.received).toHaveLength(1);
    } finally {
      await new Promise<void>((r) => tokenServer.close(() => r()));
    }
  });
});
