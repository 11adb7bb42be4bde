/**
 * The service's SMTP client (src/email/smtp-client.ts) against the SMTP server the notification suites
 * use (smtp-server, test/support/smtp-sink.ts): pooling, pipelining, refusals at every step, connections
 * that fail, close or go idle, STARTTLS and AUTH. The messages are built by src/email/mime.ts and parsed
 * back by the sink.
 */
import * as net from 'node:net';
import { randomUUID } from 'node:crypto';
import { sleep } from '@app/testing';
import { isPermanentSmtpError } from '../src/email/mailer';
import { buildMime } from '../src/email/mime';
import { SmtpClient, SmtpError } from '../src/email/smtp-client';
import { SmtpSink } from './support/smtp-sink';

jest.setTimeout(30_000);

const FROM = 'no-reply@boardroom.local';
const to = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;
/** a part as the sink's parser returns it, without the line end that belongs to the boundary after it */
const part = (s: string) => s.replace(/\r\n$/, '');

function message(address: string, over: { subject?: string; text?: string } = {}): Buffer {
  return buildMime({
    from: { name: 'مجلس الإدارة', address: FROM },
    to: { name: 'Иван Петров', address },
    subject: over.subject ?? `Приглашение ${address}`,
    text: over.text ?? `Hello ${address}\n`,
    html: `<p>Hello ${address}</p>`,
    messageId: `<${randomUUID()}@boardroom.local>`,
    date: new Date(),
  });
}

describe('SmtpClient', () => {
  const clients: SmtpClient[] = [];
  const sinks: SmtpSink[] = [];
  const servers: net.Server[] = [];

  async function sink(options?: ConstructorParameters<typeof SmtpSink>[0]): Promise<{ sink: SmtpSink; url: string }> {
    const s = new SmtpSink(options);
    sinks.push(s);
    return { sink: s, url: await s.start() };
  }
  function client(url: string, poolSize: number, extra: Partial<ConstructorParameters<typeof SmtpClient>[0]> = {}): SmtpClient {
    const c = new SmtpClient({ url, poolSize, ...extra });
    clients.push(c);
    return c;
  }

  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const s of sinks.splice(0)) await s.stop();
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  });

  it('sends 40 messages at once over a pool of 3 connections: each arrives once, intact', async () => {
    const { sink: s, url } = await sink();
    const c = client(url, 3);
    const rcpts = Array.from({ length: 40 }, (_, i) => to(`pool${i}`));
    const replies = await Promise.all(rcpts.map((r) => c.send({ from: FROM, to: [r] }, message(r))));
    expect(replies.every((r) => r.response.startsWith('250'))).toBe(true);
    expect(s.connections).toBe(3);
    for (const r of rcpts) {
      const got = s.for(r);
      expect(got).toHaveLength(1);
      expect(got[0].subject).toBe(`Приглашение ${r}`);
      expect(part(got[0].text)).toBe(`Hello ${r}\r\n`);
      expect(part(got[0].html)).toBe(`<p>Hello ${r}</p>`);
      expect(got[0].from).toBe(`مجلس الإدارة <${FROM}>`);
    }
    // the connections stay open for the next messages
    await c.send({ from: FROM, to: [to('again')] }, message(to('again')));
    expect(s.connections).toBe(3);
  });

  it('dot-stuffs lines that start with a dot, so they arrive as they were', async () => {
    const { sink: s, url } = await sink();
    const r = to('dots');
    const text = '.hidden\n.\n..two\nend\n';
    await client(url, 1).send({ from: FROM, to: [r] }, message(r, { text }));
    expect(part(s.for(r)[0].text)).toBe(text.replace(/\n/g, '\r\n'));
  });

  it('a temporary refusal of the message (451) fails that send only, as temporary; the connection carries the next', async () => {
    const { sink: s, url } = await sink();
    const c = client(url, 1);
    const r = to('flaky');
    s.refuseFirst(r, 1, 451);
    const e = await c.send({ from: FROM, to: [r] }, message(r)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SmtpError);
    expect((e as SmtpError).responseCode).toBe(451);
    expect(isPermanentSmtpError(e)).toBe(false);
    await c.send({ from: FROM, to: [r] }, message(r));
    expect(s.for(r)).toHaveLength(1);
    expect(s.connections).toBe(1);
  });

  it('a permanent refusal of the message (550) is permanent', async () => {
    const { sink: s, url } = await sink();
    const r = to('bounce');
    s.refuseFirst(r, 5, 550);
    const e = await client(url, 1).send({ from: FROM, to: [r] }, message(r)).catch((x: unknown) => x);
    expect((e as SmtpError).responseCode).toBe(550);
    expect(isPermanentSmtpError(e)).toBe(true);
    expect(s.for(r)).toHaveLength(0);
  });

  it('a recipient refused at RCPT TO: the message is not sent, the error is permanent, the connection is reset and reused', async () => {
    const { sink: s, url } = await sink();
    const c = client(url, 1);
    const nobody = to('nobody');
    const somebody = to('somebody');
    s.refuseRecipient(nobody, 550);
    const [refused, sent] = await Promise.allSettled([c.send({ from: FROM, to: [nobody] }, message(nobody)), c.send({ from: FROM, to: [somebody] }, message(somebody))]);
    expect(refused.status).toBe('rejected');
    const e = (refused as PromiseRejectedResult).reason as SmtpError;
    expect(e.responseCode).toBe(550);
    expect(e.command).toBe(`RCPT TO:<${nobody}>`);
    expect(sent.status).toBe('fulfilled');
    expect(s.attempts.get(nobody)).toBeUndefined();
    expect(s.for(somebody)).toHaveLength(1);
    expect(s.connections).toBe(1);
  });

  it('a server that closes the connection (421) fails the message in flight as temporary; the next one gets a new connection', async () => {
    const { sink: s, url } = await sink();
    const c = client(url, 1);
    const r = to('held');
    const held = s.holdAfter(0);
    const sending = c.send({ from: FROM, to: [r] }, message(r)).catch((x: unknown) => x);
    await held;
    s.releaseHeld();
    const e = await sending;
    expect((e as SmtpError).responseCode).toBe(421);
    expect(isPermanentSmtpError(e)).toBe(false);
    const next = to('after');
    await c.send({ from: FROM, to: [next] }, message(next));
    expect(s.for(next)).toHaveLength(1);
    expect(s.connections).toBe(2);
  });

  it('a connection dropped in the middle of a transaction fails that message with a connection error (temporary)', async () => {
    // a server that greets, answers EHLO, then hangs up at the first MAIL FROM
    const server = net.createServer((sock) => {
      sock.write('220 fake ESMTP\r\n');
      sock.on('data', (d) => {
        const s = d.toString();
        if (s.startsWith('EHLO')) sock.write('250-fake\r\n250 PIPELINING\r\n');
        else if (s.startsWith('MAIL')) sock.destroy();
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as net.AddressInfo).port;
    const c = client(`smtp://127.0.0.1:${port}`, 2);
    const results = await Promise.allSettled([1, 2, 3].map((i) => c.send({ from: FROM, to: [`drop${i}@example.test`] }, message(`drop${i}@example.test`))));
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const e = (r as PromiseRejectedResult).reason as SmtpError;
      expect(e.responseCode).toBeUndefined();
      expect(isPermanentSmtpError(e)).toBe(false);
    }
  });

  it('nobody listening: every waiting message is refused as temporary, none waits forever', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((r) => server.close(r));
    const c = client(`smtp://127.0.0.1:${port}`, 3);
    const results = await Promise.allSettled(Array.from({ length: 7 }, (_, i) => c.send({ from: FROM, to: [`refused${i}@example.test`] }, message(`refused${i}@example.test`))));
    expect(results.map((r) => r.status)).toEqual(Array(7).fill('rejected'));
    for (const r of results) expect(isPermanentSmtpError((r as PromiseRejectedResult).reason)).toBe(false);
    // and a message sent right after is refused at once rather than left waiting
    await expect(c.send({ from: FROM, to: ['late@example.test'] }, message('late@example.test'))).rejects.toThrow();
  });

  it('a connection the server closes while idle is replaced when the next message comes', async () => {
    const { sink: s, url } = await sink({ socketTimeoutMs: 300 });
    const c = client(url, 1);
    const a = to('idle-a');
    await c.send({ from: FROM, to: [a] }, message(a));
    await sleep(900);
    const b = to('idle-b');
    await c.send({ from: FROM, to: [b] }, message(b));
    expect(s.for(b)).toHaveLength(1);
    expect(s.connections).toBe(2);
  });

  it('STARTTLS when offered, and AUTH PLAIN with the URL\'s user and password', async () => {
    const { sink: s, url } = await sink({ starttls: true, auth: { user: 'mailer', pass: 'p@ss word' } });
    const withAuth = url.replace('smtp://', `smtp://mailer:${encodeURIComponent('p@ss word')}@`);
    const r = to('secure');
    await client(withAuth, 1, { tls: { rejectUnauthorized: false } }).send({ from: FROM, to: [r] }, message(r));
    expect(s.for(r)).toHaveLength(1);
    expect(s.sessions.at(-1)).toEqual({ secure: true, user: 'mailer' });
  });

  it('STARTTLS with a certificate that does not verify fails (Node\'s checks are kept), as temporary', async () => {
    const { url } = await sink({ starttls: true });
    const e = await client(url, 1).send({ from: FROM, to: ['tls@example.test'] }, message('tls@example.test')).catch((x: unknown) => x);
    expect(String((e as Error).message)).toMatch(/certificate/i);
    expect(isPermanentSmtpError(e)).toBe(false);
  });

  it('wrong credentials: refused with the server\'s 535', async () => {
    const { url } = await sink({ auth: { user: 'mailer', pass: 'right' } });
    const e = await client(url.replace('smtp://', 'smtp://mailer:wrong@'), 1).send({ from: FROM, to: ['auth@example.test'] }, message('auth@example.test')).catch((x: unknown) => x);
    expect((e as SmtpError).responseCode).toBe(535);
  });

  it('an envelope address that is not one is refused before anything is sent', async () => {
    const { sink: s, url } = await sink();
    const e = await client(url, 1).send({ from: FROM, to: ['a@b.test>\r\nRCPT TO:<x@y.test'] }, message('x@y.test')).catch((x: unknown) => x);
    expect(isPermanentSmtpError(e)).toBe(true);
    expect(s.connections).toBe(0);
  });

  it('close: messages not yet started are refused at once, the one in flight is left to the server\'s answer', async () => {
    const { sink: s, url } = await sink();
    const c = client(url, 1);
    const rcpts = [to('c1'), to('c2'), to('c3')];
    const held = s.holdAfter(0);
    const sends = rcpts.map((r) => c.send({ from: FROM, to: [r] }, message(r)).then(() => 'sent', (e: Error) => e.message));
    await held;
    c.close();
    // the two waiting for the connection are refused by close; the first waits for its reply
    expect(await Promise.race([Promise.all(sends.slice(1)), sleep(2000).then(() => 'still waiting')])).toEqual(['SMTP client closed', 'SMTP client closed']);
    expect(await Promise.race([sends[0], sleep(300).then(() => 'in flight')])).toBe('in flight');
    s.releaseHeld();
    expect(await sends[0]).toMatch(/^message: 421/);
    expect(rcpts.filter((r) => s.for(r).length)).toEqual([]);
    await expect(c.send({ from: FROM, to: [to('c4')] }, message(to('c4')))).rejects.toThrow('closed');
  });
});
