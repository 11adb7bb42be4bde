/**
 * P6's ceiling, one process of it (docs/performance.md, P6): nodemailer alone, as the notification service sets it
 * up (its Mailer: the same pool, the same options, the same message shape), sending e-mails to the bench's sink with
 * as many sends in flight as the service's EMAIL_CONCURRENCY, and nothing else: no BullMQ, no PostgreSQL, no
 * template rendering (the four languages' password-reset e-mails are rendered once beforehand).
 *
 * Run by p6-email.ts as a child process (so the sink, in the bench process, is not in the same process as the
 * sender, as in the service's run): environment SMTP_URL, SMTP_POOL_SIZE, EMAIL_CONCURRENCY, P6_COUNT, P6_PREFIX.
 * Protocol on stdio: it warms up (a few e-mails), prints `ready`, waits for a line on stdin, sends P6_COUNT e-mails
 * and prints one JSON line { sent, seconds, cpuSeconds }.
 */
import 'reflect-metadata';
import readline from 'node:readline';
import { Mailer, type OutgoingEmail } from '../../services/notification/src/email/mailer';
import { notificationConfigSchema } from '../../services/notification/src/config';
import { renderEmail } from '../../services/notification/src/templates/registry';
import { parseConfig } from '@app/platform';

const LANGS = ['en', 'ar', 'ru', 'fr'] as const;

async function main(): Promise<void> {
  const env = process.env;
  const n = Number(env.P6_COUNT ?? 1000);
  const prefix = env.P6_PREFIX ?? `ceiling-${Date.now().toString(36)}`;
  const config = parseConfig(notificationConfigSchema, { ...env, DATABASE_URL: env.DATABASE_URL ?? 'postgres://unused@127.0.0.1/unused', HTTP_PORT: '0' });
  const mailer = new Mailer(config);
  const org = { name: 'Bench e-mail', slug: 'bench', timeZone: 'Asia/Dubai' };
  const rendered = LANGS.map((lang) =>
    renderEmail({
      email: { template: 'password-reset', params: { token: 'tok_00000000000000000000', email: 'reader@bench.test', expiresAt: new Date(Date.now() + 3_600_000).toISOString() } },
      to: { email: 'reader@bench.test', name: 'Reader', lang },
      org,
      links: { baseDomain: config.PUBLIC_BASE_DOMAIN, protocol: config.PUBLIC_PROTOCOL },
    }),
  );
  const mail = (i: number, tag: string): OutgoingEmail => {
    const r = rendered[((i % 4) + 4) % 4];
    return {
      from: { name: org.name, address: config.MAIL_FROM_ADDRESS },
      to: { name: `Reader ${i}`, address: `${prefix}-${tag}${i}@bench.test` },
      subject: r.subject,
      html: r.html,
      text: r.text,
      messageId: `<${prefix}-${tag}${i}@bench.test>`,
      lang: LANGS[((i % 4) + 4) % 4] === 'fr' ? 'en' : LANGS[((i % 4) + 4) % 4],
    };
  };
  const run = async (count: number, tag: string) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(config.EMAIL_CONCURRENCY, count) }, async () => {
        while (next < count) await mailer.send(mail(next++, tag));
      }),
    );
  };
  await run(Math.min(200, n), 'warm');
  process.stdout.write('ready\n');
  const rl = readline.createInterface({ input: process.stdin });
  await new Promise<void>((r) => rl.once('line', () => r()));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run(n, 'm');
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(JSON.stringify({ sent: n, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 }) + '\n');
  mailer.onApplicationShutdown();
  rl.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
