/**
 * The ceiling of SMTP here (docs/performance.md, P6): N e-mails sent to the bench's sink, both in this one process,
 * nothing else (no BullMQ, no database), with a pool of [connections]:
 *  - nodemailer composing them (the service's way until it built its messages itself),
 *  - nodemailer handed a message built beforehand (`raw`),
 *  - the service's way now: the message built per e-mail by `buildMime`, sent by nodemailer (`raw`) and by the
 *    service's own client (`SmtpClient`),
 * beside N no-op BullMQ jobs against Redis.
 * `node -r @swc-node/register scripts/bench/smtp-ceiling.ts [N] [connections]` (REDIS_URL for the no-op side).
 */
import nodemailer from 'nodemailer';
import { buildMime } from '../../services/notification/src/email/mime';
import { SmtpClient } from '../../services/notification/src/email/smtp-client';
import { Queue, Worker } from 'bullmq';
import { redisConnection } from '@app/platform';
import { smtpSink } from './smtp';

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 3000);
  const conns = Number(process.argv[3] ?? 10);
  const sink = await smtpSink();
  const t = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: conns, maxMessages: Infinity } as Parameters<typeof nodemailer.createTransport>[0]);
  const html = `<p>${'Reset your password with the link below. '.repeat(10)}</p><p><a href="https://acme.example.test/reset?token=abc">Reset</a></p>`;
  const text = 'Reset your password with the link below. '.repeat(10);
  const mail = (i: number) => ({ from: { name: 'Acme', address: 'no-reply@example.test' }, to: { name: `Reader ${i}`, address: `r${i}@bench.test` }, subject: 'Réinitialisez votre mot de passe', html, text, messageId: `<m${i}@example.test>` });
  const run = async (label: string, send: (i: number) => Promise<unknown>) => {
    const t0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: conns }, async () => {
      while (next < n) await send(next++);
    }));
    const s = (performance.now() - t0) / 1000;
    console.log(`${label}: ${n} in ${s.toFixed(2)} s = ${(n / s).toFixed(0)}/s`);
    return n / s;
  };
  await run('warm-up (composed)', (i) => t.sendMail(mail(i)));
  const composed = await run('nodemailer composes', (i) => t.sendMail(mail(i)));
  const raws = await Promise.all(Array.from({ length: 50 }, async (_, i) => (await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail(i))).message as Buffer));
  const raw = await run('nodemailer, raw message', (i) => t.sendMail({ envelope: { from: 'no-reply@example.test', to: [`r${i}@bench.test`] }, raw: raws[i % 50] }));
  const built = (i: number) => {
    const m = mail(i);
    return buildMime({
      from: m.from, to: { name: m.to.name, address: m.to.address }, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId, date: new Date(),
      headers: [['Content-Language', 'fr'], ['Auto-Submitted', 'auto-generated']],
    });
  };
  const mimeRaw = await run('buildMime + nodemailer raw', (i) => t.sendMail({ envelope: { from: 'no-reply@example.test', to: [`r${i}@bench.test`] }, raw: built(i) }));
  t.close();
  const client = new SmtpClient({ url: sink.url, poolSize: conns });
  const own = await run('buildMime + SmtpClient', (i) => client.send({ from: 'no-reply@example.test', to: [`r${i}@bench.test`] }, built(i)));
  client.close();
  let noop = 0;
  if (process.env.REDIS_URL) {
    const connection = redisConnection(process.env.REDIS_URL);
    const name = `ceiling-noop-${Date.now()}`;
    const q = new Queue(name, { connection, prefix: 'bull' });
    let done = 0;
    await q.pause();
    for (let i = 0; i < n; i += 1000) await q.addBulk(Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({ name: 'noop', data: { i: i + j } })));
    const w = new Worker(name, async () => undefined, { connection, prefix: 'bull', concurrency: 10 });
    w.on('completed', () => done++);
    const t0 = performance.now();
    await q.resume();
    while (done < n) await new Promise((r) => setTimeout(r, 10));
    noop = n / ((performance.now() - t0) / 1000);
    console.log(`no-op jobs: ${noop.toFixed(0)}/s`);
    await w.close();
    await q.obliterate({ force: true });
    await q.close();
  }
  await sink.stop();
  if (noop) {
    const r = (x: number) => `${(x / noop).toFixed(2)}x`;
    console.log(`ratios to no-op jobs: nodemailer composes ${r(composed)}, nodemailer raw ${r(raw)}, buildMime + nodemailer raw ${r(mimeRaw)}, buildMime + SmtpClient ${r(own)}`);
  }
  process.exit(0);
}
void main();
