/**
 * The notification service against real NATS JetStream, Redis (BullMQ), PostgreSQL and an SMTP
 * server (a sink in this process, built on the smtp-server package). Events are published as their
 * owners publish them (publisherForEveryOwner: an Events named as each event's owner).
 *
 * One file on purpose: each part runs a notification worker on the shared queues and durable
 * consumers, so two suites in parallel would take each other's jobs. For the same reason no other
 * notification service may run on the same NATS and Redis meanwhile (npm test runs this tier before
 * it starts the system).
 */
import type { INestApplicationContext } from '@nestjs/common';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import {
  AppError, AppPaths, CommentNotified, DecisionClosed, DecisionOpened, DismissAllReminders, DismissReminder,
  EmailVerificationRequested, ListReminders, MeetingScheduled, MemberInvited, PasswordResetRequested, ReminderDue,
  SendEmail, UserInvited, type Actor, type Lang,
} from '@app/contracts';
import { Queue } from 'bullmq';
import { Jobs, openJobData, redisConnection } from '@app/platform';
import { mailSource, mailsTo as caughtMailsTo, sleep, testSeal, waitFor } from '@app/testing';
import { emailJobId } from '../src/rules/email-job-id';
import { SentLog } from '../src/email/sent-log';
import { AccountConsumers } from '../src/account/account.consumers';
import { SchedulerService } from '../src/common/scheduler';
import { address, adminDb, env, freshOrganization, meetingStandIn, serviceConfig, serviceEnv, startNotification, startPublisher } from './support/harness';
import { chair, decisionOpened, meetingScheduled, memberInvited, type Org } from './support/events';
import { SmtpSink } from './support/smtp-sink';
import { verifyDkim } from './support/dkim';

jest.setTimeout(60_000);

const TOKEN = () => `tok_${randomUUID().replace(/-/g, '')}`;
const inOneDay = () => new Date(Date.now() + 86_400_000).toISOString();
/** job data rests sealed in Redis: opened with the services' key */
const payloadOf = (j: { queueName: string; name: string; data: any }): any => openJobData(testSeal, j.queueName, j.name, j.data);

function userActor(email: string, userId = 11): Actor {
  return { kind: 'user', userId, email, name: null, roleId: null, isAdmin: false, permissions: [], guestToken: null };
}

describe('notification service', () => {
  const sink = new SmtpSink();
  let app: INestApplicationContext;
  let pub: Awaited<ReturnType<typeof startPublisher>>;
  let db: Client;
  let org: Org;
  let smtpUrl: string;
  let meeting: Awaited<ReturnType<typeof meetingStandIn>>;

  beforeAll(async () => {
    smtpUrl = await sink.start();
    app = await startNotification(serviceConfig(smtpUrl));
    pub = await startPublisher();
    meeting = await meetingStandIn(pub);
    db = await adminDb();
    org = await freshOrganization(pub.events, db, 'Board of Ruwi & Co');
  });

  afterAll(async () => {
    await app?.close();
    await pub?.app.close();
    await db?.end();
    await sink.stop();
  });

  const mailsTo = (email: string) => sink.for(email);
  const oneMailTo = async (email: string, settleMs = 1500) => {
    await waitFor(`a message to ${email}`, () => mailsTo(email).length > 0);
    await sleep(settleMs); // anything duplicated would arrive meanwhile
    return mailsTo(email);
  };

  describe('e-mail from events', () => {
    it('an invitation ends as exactly one message per recipient, in their language, with the right subject and link', async () => {
      const cases: { lang: Lang; subject: string; button: string }[] = [
        { lang: 'en', subject: `You are invited to join ${org.name}`, button: 'Complete your profile' },
        { lang: 'fr', subject: `You are invited to join ${org.name}`, button: 'Complete your profile' },
        { lang: 'ar', subject: `أنت مدعو للانضمام إلى ${org.name}`, button: 'أكمل ملفك الشخصي' },
        { lang: 'ru', subject: `Приглашение в ${org.name}`, button: 'Заполнить профиль' },
      ];
      const sent = [];
      for (const c of cases) {
        const email = address(`invite-${c.lang}`);
        const token = TOKEN();
        await pub.events.publish(UserInvited, { orgId: org.orgId, userId: 5, recipient: { email, name: 'Layla Haddad', lang: c.lang }, invitedBy: 'Omar Chair', token, expiresAt: inOneDay() });
        sent.push({ ...c, email, token });
      }
      for (const s of sent) {
        const mails = await oneMailTo(s.email);
        expect(mails).toHaveLength(1);
        const m = mails[0];
        expect(m.subject).toBe(s.subject);
        expect(m.from).toContain(org.name);
        const link = `http://${org.slug}.localhost:3000/auth/complete-profile?token=${s.token}&email=${encodeURIComponent(s.email)}`;
        expect(m.text).toContain(link);
        expect(m.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
        expect(m.text).toContain(s.button);
        expect(m.html).toContain(s.lang === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
        expect(m.headers['content-language']).toBe(s.lang === 'fr' ? 'en' : s.lang);
      }
      const log = await db.query('select template, lang from notification.email_log where org_id = $1 and to_email = any($2)', [org.orgId, sent.map((s) => s.email)]);
      expect(log.rows.map((r) => r.lang).sort()).toEqual(['ar', 'en', 'fr', 'ru']);
    });

    it('the same event published twice gives one message', async () => {
      const email = address('reset');
      const id = randomUUID();
      const payload = { orgId: org.orgId, userId: 6, recipient: { email, name: null, lang: 'en' as const }, token: TOKEN(), expiresAt: inOneDay() };
      await pub.events.publish(PasswordResetRequested, payload, { id });
      await pub.events.publish(PasswordResetRequested, payload, { id });
      const mails = await oneMailTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(`Reset your ${org.name} password`);
      expect(mails[0].text).toContain(`http://${org.slug}.localhost:3000/auth/reset-password?token=${payload.token}`);
    });

    it('the sent log answers look-ups and writes made at the same time in batches, each organization in its own scope', async () => {
      const other = await freshOrganization(pub.events, db, 'Second board');
      const sentLog = app.get(SentLog);
      const ids = Array.from({ length: 40 }, () => `email-test-${randomUUID()}`);
      const owner = (i: number) => (i % 2 ? org.orgId : other.orgId);
      const stranger = (i: number) => (i % 2 ? other.orgId : org.orgId);
      const row = (jobId: string) => ({
        jobId, sourceId: 'sent-log-test', template: 'password-reset', toEmail: `${jobId}@example.test`, lang: 'en', subject: 's', messageId: `<${jobId}@x>`, attempts: 1,
      });
      // before: nobody sent; the look-ups and the writes of 40 jobs are made at once
      expect(await Promise.all(ids.map((id, i) => sentLog.wasSent(owner(i), id)))).toEqual(ids.map(() => false));
      await Promise.all(ids.map((id, i) => sentLog.record(owner(i), row(id))));
      // after: sent in its own organization only (RLS and org_id), and a second write changes nothing
      const seen = await Promise.all(ids.flatMap((id, i) => [sentLog.wasSent(owner(i), id), sentLog.wasSent(stranger(i), id)]));
      expect(seen).toEqual(ids.flatMap(() => [true, false]));
      await Promise.all(ids.map((id, i) => sentLog.record(owner(i), { ...row(id), attempts: 2 })));
      const stored = await db.query('select org_id, count(*)::int as n, max(attempts) as a from notification.email_log where job_id = any($1) group by org_id order by org_id', [ids]);
      expect(stored.rows.map((r) => [r.org_id, r.n, r.a]).sort()).toEqual([[org.orgId, 20, 1], [other.orgId, 20, 1]].sort());
    });

    it('a job whose e-mail is already in the delivery log (its completed job removed, the same id added again) sends nothing', async () => {
      const email = address('logged');
      const jobId = emailJobId(`again-${randomUUID()}`, email);
      const payload = { orgId: org.orgId, template: 'password-reset' as const, to: { email, name: null, lang: 'en' as const }, params: { token: TOKEN(), email, expiresAt: inOneDay() }, sourceId: 'again' };
      await app.get(Jobs).add(SendEmail, payload, { jobId });
      await oneMailTo(email);
      const queue = app.get(Jobs).queue(SendEmail.queue);
      await waitFor('the job completed', async () => (await queue.getJob(jobId))?.finishedOn !== undefined);
      await (await queue.getJob(jobId))!.remove();
      await app.get(Jobs).add(SendEmail, payload, { jobId });
      await waitFor('the second job completed', async () => (await queue.getJob(jobId))?.finishedOn !== undefined);
      const job = await queue.getJob(jobId);
      expect(job!.returnvalue).toEqual({ sent: false });
      await sleep(500);
      expect(mailsTo(email)).toHaveLength(1);
    });

    it('a consumer that runs again for a delivered event (it died before acknowledging) adds no second e-mail', async () => {
      const email = address('again');
      const meta = { id: randomUUID(), subject: PasswordResetRequested.subject, occurredAt: new Date().toISOString() };
      const payload = { orgId: org.orgId, userId: 7, recipient: { email, name: 'Ivan', lang: 'ru' as const }, token: TOKEN(), expiresAt: inOneDay() };
      const consumers = app.get(AccountConsumers);
      await consumers.passwordReset(payload, meta);
      await consumers.passwordReset(payload, meta);
      const mails = await oneMailTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(`Сброс пароля в ${org.name}`);
    });

    it('an SMTP server that refuses the first two attempts still gets the message on the third', async () => {
      const email = address('flaky');
      sink.refuseFirst(email, 2);
      await pub.events.publish(EmailVerificationRequested, { orgId: org.orgId, userId: 8, recipient: { email, name: 'Sara', lang: 'ar' }, token: TOKEN(), expiresAt: inOneDay() });
      const mails = await oneMailTo(email, 2500);
      expect(mails).toHaveLength(1);
      expect(sink.attempts.get(email)).toBe(3);
      expect(mails[0].subject).toBe(`تحقق من بريدك الإلكتروني لدى ${org.name}`);
      const log = await db.query('select attempts from notification.email_log where org_id = $1 and to_email = $2', [org.orgId, email]);
      expect(log.rows).toEqual([{ attempts: 3 }]);
    });

    it('a permanent refusal (550) is not retried: the job stays in the failed list', async () => {
      const email = address('bounce');
      sink.refuseFirst(email, 10, 550);
      const meta = await pub.events.publish(PasswordResetRequested, { orgId: org.orgId, userId: 9, recipient: { email, name: null, lang: 'en' }, token: TOKEN(), expiresAt: inOneDay() });
      const queue = app.get(Jobs).queue(SendEmail.queue);
      const failed = await waitFor('the failed job', async () => {
        const jobs = await queue.getFailed(0, 200);
        return jobs.find((j) => { const p = payloadOf(j); return p?.to?.email === email && p?.sourceId === meta.id; });
      });
      expect(failed.attemptsMade).toBe(1);
      expect(failed.failedReason).toContain('550');
      expect(sink.attempts.get(email)).toBe(1);
      expect(mailsTo(email)).toHaveLength(0);
    });

    it('a completion e-mail whose sealed PDF can no longer be read (its presigned URL expired: 403) still goes, once, naming the document with the link, nothing attached', async () => {
      const email = address('expired-pdf');
      // a storage that answers as S3 does for an expired presigned URL
      const s3 = http.createServer((_req, res) => { res.writeHead(403, { 'content-type': 'application/xml' }); res.end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'); });
      await new Promise<void>((r) => s3.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(s3.address() as AddressInfo).port}/b/lease-signed.pdf?X-Amz-Expires=60&X-Amz-Signature=expired`;
        const payload = {
          orgId: org.orgId, template: 'approval-completed' as const, to: { email, name: 'Nour', lang: 'en' as const }, sourceId: `expired-${randomUUID()}`,
          params: { title: 'Lease', path: AppPaths.approval(4), documents: [{ name: 'lease-signed.pdf', size: 2048, url }], attached: true },
        };
        const jobId = emailJobId(payload.sourceId, email);
        await app.get(Jobs).add(SendEmail, payload, { jobId });
        const mails = await oneMailTo(email);
        expect(mails).toHaveLength(1);
        expect(mails[0].text).toContain('The sealed document (lease-signed.pdf) could not be attached.');
        expect(mails[0].text).toContain('/app/activity/approval/4');
        expect(mails[0].raw).not.toMatch(/Content-Disposition: attachment/i);
        expect(mails[0].raw).not.toContain('X-Amz-Signature');
        const queue = app.get(Jobs).queue(SendEmail.queue);
        await waitFor('the job completed', async () => (await queue.getJob(jobId))?.finishedOn !== undefined);
        expect((await queue.getJob(jobId))!.returnvalue).toMatchObject({ sent: true });
      } finally {
        await new Promise((r) => s3.close(r));
      }
    });

    it('meeting events: guests get their token link, members get reminders, a comment is not sent to its author', async () => {
      const member = address('member');
      const guest = address('guest');
      const guestToken = TOKEN();
      await pub.events.publish(MemberInvited, memberInvited(org, 41, { email: guest, name: 'Guest One', lang: 'en' }, guestToken));
      await pub.events.publish(MemberInvited, memberInvited(org, 41, { email: member, name: 'Member One', lang: 'ru' }, null));
      const [g] = await oneMailTo(guest, 0);
      expect(g.subject).toBe('You are invited to the meeting "Board meeting 41"');
      expect(g.text).toContain(`http://${org.slug}.localhost:3000/meeting/41?token=${guestToken}`);
      expect(g.text).toContain('do not forward it');
      const [m] = await oneMailTo(member, 0);
      expect(m.subject).toBe('Приглашение на заседание «Board meeting 41»');

      await pub.events.publish(CommentNotified, {
        orgId: org.orgId, orgSlug: org.slug, orgName: org.name, timeZone: org.timeZone, meetingId: 41, meetingTitle: 'Board meeting 41', itemKind: 'talkingpoint', itemId: 3,
        itemTitle: 'Budget', commentId: 77, comment: 'Please read <b>page 4</b>', by: chair, link: AppPaths.meeting(41, { kind: 'talking_point', id: 3 }),
        recipients: [{ email: member, name: 'Member One', lang: 'en' }, { email: chair.email, name: chair.name, lang: 'en' }],
      });
      await waitFor('the comment e-mail', () => mailsTo(member).length === 2);
      const comment = mailsTo(member)[1];
      expect(comment.subject).toBe('New comment on "Budget"');
      expect(comment.text).toContain('Please read <b>page 4</b>');
      expect(comment.html).toContain('Please read &lt;b&gt;page 4&lt;/b&gt;');
      // the link names the item's kind: talking point 3, not decision or action 3
      expect(comment.text).toContain(`http://${org.slug}.localhost:3000/app/activity/meetings/41#_talking_point-3`);
      await sleep(1000);
      expect(mailsTo(chair.email).filter((x) => x.subject.includes('Budget'))).toHaveLength(0);
    });
  });

  describe('reminders', () => {
    const reminderMails = (email: string) => mailsTo(email).filter((m) => m.subject.startsWith('Reminder: voting on'));

    it('a rescheduled deadline moves its reminder', async () => {
      const voter = address('voter');
      const decisionId = 501;
      const t0 = Date.now();
      // REMINDER_LEADS_MINUTES=1: the reminder fires one minute before the deadline
      const first = new Date(t0 + 60_000 + 5_000);
      const second = new Date(t0 + 60_000 + 12_000);
      const scheduler = app.get(SchedulerService);
      const queue = app.get(Jobs).queue(ReminderDue.queue);

      await pub.events.publish(DecisionOpened, decisionOpened(org, decisionId, first, [{ email: voter, name: 'Voter', lang: 'en' }]));
      const s1 = await waitFor('the first schedule', async () => {
        const s = await scheduler.get(org.orgId, 'decision-deadline', decisionId);
        return s?.status === 'scheduled' ? s : null;
      });
      expect(s1.fireAt?.getTime()).toBe(first.getTime() - 60_000);
      expect(await (await queue.getJob(s1.jobId!))?.getState()).toBe('delayed');

      await pub.events.publish(DecisionOpened, decisionOpened(org, decisionId, second, [{ email: voter, name: 'Voter', lang: 'en' }], 'rescheduled'));
      const s2 = await waitFor('the moved schedule', async () => {
        const s = await scheduler.get(org.orgId, 'decision-deadline', decisionId);
        return s && s.jobId !== s1.jobId ? s : null;
      });
      expect(s2.fireAt?.getTime()).toBe(second.getTime() - 60_000);
      expect(await queue.getJob(s1.jobId!)).toBeUndefined();
      expect(await (await queue.getJob(s2.jobId!))?.getState()).toBe('delayed');

      // past the first fire time: nothing yet
      await sleep(Math.max(0, t0 + 8_000 - Date.now()));
      expect(reminderMails(voter)).toHaveLength(0);

      await waitFor('the reminder', () => reminderMails(voter).length > 0, 20_000);
      const arrivedAt = Date.now();
      expect(arrivedAt).toBeGreaterThanOrEqual(second.getTime() - 60_000);
      await sleep(1500);
      const mails = reminderMails(voter);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('Voting on the decision "Decision 501" closes on');
      expect(mails[0].text).toContain(`http://${org.slug}.localhost:3000/app/activity/meetings/7#_decision-501`);
      expect((await scheduler.get(org.orgId, 'decision-deadline', decisionId))?.status).toBe('fired');

      // and the home widget has it, in the reader's language
      const list = await pub.bus.request(ListReminders, { orgId: org.orgId, actor: userActor(voter), lang: 'ar', page: 1, per_page: 20 });
      const types = list.items.map((r) => r.type);
      expect(types).toContain('decision-deadline');
      expect(list.items.find((r) => r.type === 'decision-deadline')!.title).toBe('التصويت يُغلق قريبًا: Decision 501');
    });

    it('a closed decision drops its reminder, and whoever voted by the time it fires is not reminded (the meeting service is asked then)', async () => {
      const voted = address('voted');
      const pending = address('pending');
      const closedVoter = address('closed');
      const t0 = Date.now();
      const scheduler = app.get(SchedulerService);
      const queue = app.get(Jobs).queue(ReminderDue.queue);

      // decision 601 is closed before its reminder: nobody is reminded
      await pub.events.publish(DecisionOpened, decisionOpened(org, 601, new Date(t0 + 60_000 + 4_000), [{ email: closedVoter, name: null, lang: 'en' }]));
      const s = await waitFor('schedule 601', async () => (await scheduler.get(org.orgId, 'decision-deadline', 601))?.jobId);
      await pub.events.publish(DecisionClosed, { ...decisionOpened(org, 601, new Date(t0 + 64_000), []), reason: 'deleted' });
      await waitFor('cancelled 601', async () => (await scheduler.get(org.orgId, 'decision-deadline', 601))?.status === 'cancelled');
      expect(await queue.getJob(s)).toBeUndefined();

      // decision 602: one of two voters votes before the reminder
      const guest = address('guest');
      const guestPath = '/meeting/77?token=guest-token-602';
      const d602 = {
        ...decisionOpened(org, 602, new Date(t0 + 60_000 + 5_000), [{ email: voted, name: null, lang: 'en' }, { email: pending, name: null, lang: 'en' }, { email: guest, name: null, lang: 'en' }]),
        guestLinks: [{ email: guest, link: guestPath }],
      };
      await pub.events.publish(DecisionOpened, d602);
      await waitFor('schedule 602', async () => (await scheduler.get(org.orgId, 'decision-deadline', 602))?.status === 'scheduled');
      meeting.vote(org.orgId, 602, voted);
      // the schedule's list is not rewritten per vote: the reminder asks who has not voted when it fires
      await sleep(500);
      expect(((await scheduler.get(org.orgId, 'decision-deadline', 602))?.data as { recipients: { email: string }[] }).recipients.map((r) => r.email)).toEqual([voted, pending, guest]);

      await waitFor('the reminders to the pending voter and the guest', () => reminderMails(pending).length > 0 && reminderMails(guest).length > 0, 20_000);
      await sleep(1500);
      expect(reminderMails(pending)).toHaveLength(1);
      expect(reminderMails(pending)[0].text).toContain('/app/');
      // a guest's reminder opens their own page, never the members' page (it needs an account)
      const [toGuest] = reminderMails(guest);
      expect(reminderMails(guest)).toHaveLength(1);
      expect(toGuest.text).toContain(guestPath);
      expect(toGuest.text).not.toContain('/app/');
      expect(toGuest.text).toContain('This link is personal');
      expect(reminderMails(voted)).toHaveLength(0);
      expect(reminderMails(closedVoter)).toHaveLength(0);
    });

    it('a Redis that lost the delayed jobs loses no reminder: the service rebuilds them from its table at start', async () => {
      const voter = address('rebuilt');
      const decisionId = 951;
      const t0 = Date.now();
      // REMINDER_LEADS_MINUTES=1: fires 12 s from now
      const deadline = new Date(t0 + 60_000 + 12_000);
      await pub.events.publish(DecisionOpened, decisionOpened(org, decisionId, deadline, [{ email: voter, name: 'Voter', lang: 'en' }]));
      const row = await waitFor('the schedule', async () => {
        const r = await app.get(SchedulerService).get(org.orgId, 'decision-deadline', decisionId);
        return r?.status === 'scheduled' ? r : null;
      });

      // the service stops; Redis comes back without the reminder queue's keys (as after a lost volume or a flush)
      await app.close();
      const lost = new Queue(ReminderDue.queue, { connection: redisConnection(env.REDIS_URL), prefix: 'bull' });
      try {
        await lost.obliterate({ force: true });
        expect(await lost.getJob(row.jobId!)).toBeUndefined();
      } finally {
        await lost.close();
      }

      app = await startNotification(serviceConfig(smtpUrl));
      const queue = app.get(Jobs).queue(ReminderDue.queue);
      const job = await waitFor('the rebuilt job', () => queue.getJob(row.jobId!));
      expect(await job.getState()).toBe('delayed');
      expect(payloadOf(job)).toEqual({ orgId: org.orgId, kind: 'decision-deadline', itemId: decisionId, dueAt: deadline.toISOString() });
      expect(job.data).toMatchObject({ orgId: org.orgId, sealed: expect.stringMatching(/^v1\./) });
      expect(job.data).not.toHaveProperty('payload');
      // due when the row says, not later
      expect(job.timestamp + job.delay).toBeGreaterThanOrEqual(row.fireAt!.getTime() - 1000);
      expect(job.timestamp + job.delay).toBeLessThanOrEqual(row.fireAt!.getTime() + 1000);
      // a second pass (another replica starting) adds nothing
      expect(await app.get(SchedulerService).rebuild()).toMatchObject({ added: 0 });

      await waitFor('the rebuilt reminder', () => reminderMails(voter).length > 0, 30_000);
      await sleep(1500);
      expect(reminderMails(voter)).toHaveLength(1);
      expect((await app.get(SchedulerService).get(org.orgId, 'decision-deadline', decisionId))?.status).toBe('fired');
    });

    it('lists, dismisses one and dismisses all of the actor\'s reminders; another user\'s reminder is not found', async () => {
      const me = address('me');
      const other = address('other');
      await pub.events.publish(MeetingScheduled, meetingScheduled(org, 801, [{ email: me, name: 'Me', lang: 'en' }, { email: other, name: 'Other', lang: 'en' }]));
      await pub.events.publish(MeetingScheduled, meetingScheduled(org, 802, [{ email: me, name: 'Me', lang: 'en' }]));
      const ask = (email: string, lang: Lang = 'en') => pub.bus.request(ListReminders, { orgId: org.orgId, actor: userActor(email), lang, page: 1, per_page: 20 });
      const mine = await waitFor('two reminders', async () => {
        const r = await ask(me);
        return r.items.length === 2 ? r : null;
      });
      expect(mine.meta.total).toBe(2);
      const m801 = mine.items.find((r) => r.meeting_id === 801)!;
      expect(m801).toMatchObject({ type: 'meeting-scheduled', title: 'Meeting scheduled: Board meeting 801', link: '/app/activity/meetings/801', entity_type: 'meeting', entity_id: 801 });
      expect(m801.message).toMatch(/^The meeting starts on \d{2} \w{3} \d{4} \d{2}:\d{2} (AM|PM) \(Asia\/Dubai\)\.$/);
      expect(m801.due_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((await ask(me, 'ru')).items.find((r) => r.meeting_id === 801)!.title).toBe('Назначено заседание: Board meeting 801');

      const theirs = (await waitFor('the other reminder', async () => (await ask(other)).items[0])) as { id: number };
      await expect(pub.bus.request(DismissReminder, { orgId: org.orgId, actor: userActor(me), reminderId: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // another organization cannot see or touch it either
      await expect(pub.bus.request(DismissReminder, { orgId: randomUUID(), actor: userActor(other), reminderId: theirs.id })).rejects.toBeInstanceOf(AppError);

      expect(await pub.bus.request(DismissReminder, { orgId: org.orgId, actor: userActor(me), reminderId: m801.id })).toEqual({ dismissed: 1 });
      expect((await ask(me)).items.map((r) => r.meeting_id)).toEqual([802]);
      expect(await pub.bus.request(DismissAllReminders, { orgId: org.orgId, actor: userActor(me) })).toEqual({ dismissed: 1 });
      expect((await ask(me)).items).toEqual([]);
      expect((await ask(other)).items).toHaveLength(1);
      // guests have no reminders widget
      const guest: Actor = { ...userActor(other), kind: 'guest', userId: null };
      expect((await pub.bus.request(ListReminders, { orgId: org.orgId, actor: guest, lang: 'en', page: 1, per_page: 20 })).items).toEqual([]);
    });
  });
});

describe('a notification worker killed in the middle of a batch', () => {
  const sink = new SmtpSink();
  let pub: Awaited<ReturnType<typeof startPublisher>>;
  let db: Client;
  let smtpUrl: string;
  const children: ChildProcess[] = [];
  const logFile = path.join(os.tmpdir(), `notification-worker-${process.pid}.log`);

  function startWorker(): ChildProcess {
    const root = path.resolve(__dirname, '../../..');
    const out = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'services/notification/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...serviceEnv(smtpUrl, { LOG_LEVEL: 'info' }) },
      stdio: ['ignore', out, out],
    });
    children.push(child);
    return child;
  }

  beforeAll(async () => {
    smtpUrl = await sink.start();
    pub = await startPublisher();
    db = await adminDb();
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await pub?.app.close();
    await db?.end();
    await sink.stop();
  });

  it('loses and duplicates nothing when restarted', async () => {
    let worker = startWorker();
    const exited = new Promise((r) => worker.once('exit', r));
    // the organization copy proves the worker consumes
    const org = await (async () => {
      // the first start compiles the service (swc) and may be slow on a busy machine
      const o = await freshOrganization(pub.events, db, 'Crash Test Board', 90_000).catch((e) => {
        throw new Error(`worker did not start (log ${logFile}): ${e}`);
      });
      return o;
    })();

    // the batch: 30 invitations (30 events) and one meeting with 30 recipients (one event, 30 jobs)
    const invited = Array.from({ length: 30 }, (_, i) => address(`crash-inv${i}`));
    const members = Array.from({ length: 30 }, (_, i) => address(`crash-mem${i}`));
    const held = sink.holdAfter(15);
    const jobIds: string[] = [];
    for (const email of invited) {
      const meta = await pub.events.publish(UserInvited, { orgId: org.orgId, userId: 50, recipient: { email, name: null, lang: 'en' }, invitedBy: null, token: TOKEN(), expiresAt: inOneDay() });
      jobIds.push(emailJobId(meta.id, email));
    }
    const meeting = await pub.events.publish(MeetingScheduled, meetingScheduled(org, 901, members.map((email) => ({ email, name: null, lang: 'ar' as const }))));
    jobIds.push(...members.map((email) => emailJobId(meeting.id, email)));

    // mid-batch: messages are in flight (the sink holds them unanswered); let the worker record what was accepted, then kill it
    await held;
    await sleep(700);
    const acceptedBeforeKill = sink.received.length;
    const inFlight = sink.heldCount();
    worker.kill('SIGKILL');
    await exited;
    sink.releaseHeld();
    expect(acceptedBeforeKill).toBe(15);
    expect(inFlight).toBeGreaterThan(0);

    // restart: the killed worker's jobs come back once their locks expire
    worker = startWorker();
    const everyone = [...invited, ...members];
    await waitFor('every message', () => everyone.every((e) => sink.for(e).length > 0), 120_000, 250);
    await sleep(2000);
    const counts = everyone.map((e) => sink.for(e).length);
    expect(counts.filter((n) => n !== 1)).toEqual([]);
    expect(sink.received.filter((m) => everyone.some((e) => m.to.includes(e.toLowerCase())))).toHaveLength(60);
    // the kill really interrupted jobs: some were taken back from the dead worker (stalled) and finished by the new one
    const queue = new Queue(SendEmail.queue, { connection: redisConnection(env.REDIS_URL), prefix: 'bull' });
    try {
      const jobs = await Promise.all(jobIds.map((id) => queue.getJob(id)));
      expect(jobs.filter((j) => !j)).toHaveLength(0);
      const states = await Promise.all(jobs.map((j) => j!.getState()));
      expect(new Set(states)).toEqual(new Set(['completed']));
      expect(jobs.filter((j) => (j!.stalledCounter ?? 0) > 0).length).toBeGreaterThan(0);
    } finally {
      await queue.close();
    }
    const log = await db.query('select count(*)::int as n from notification.email_log where org_id = $1', [org.orgId]);
    expect(log.rows[0].n).toBe(60);
    worker.kill('SIGTERM');
  }, 240_000);
});

describe('the service\'s SMTP transport', () => {
  let pub: Awaited<ReturnType<typeof startPublisher>>;
  let db: Client;
  let org: Org;

  beforeAll(async () => {
    pub = await startPublisher();
    db = await adminDb();
  });

  afterAll(async () => {
    await pub?.app.close();
    await db?.end();
  });

  it('through maildev (the suites\' catcher): the message nodemailer builds has the subject, body, link and headers the template set', async () => {
    const app = await startNotification(serviceConfig(env.SMTP_URL));
    try {
      org = await freshOrganization(pub.events, db, 'مجلس الإدارة Ruwi');
      const email = address('maildev');
      const token = TOKEN();
      const meta = await pub.events.publish(PasswordResetRequested, { orgId: org.orgId, userId: 12, recipient: { email, name: 'Layla Haddad', lang: 'ar' }, token, expiresAt: inOneDay() });
      const mails = await waitFor('the message in maildev', async () => {
        const m = await caughtMailsTo(email);
        return m.length ? m : null;
      });
      await sleep(1500);
      expect(await caughtMailsTo(email)).toHaveLength(1);
      const m = mails[0];
      expect(m.subject).toBe(`إعادة تعيين كلمة مرور ${org.name}`);
      const link = `http://${org.slug}.localhost:3000/auth/reset-password?token=${token}`;
      expect(m.text).toContain(link);
      expect(m.html).toContain(`href="${link.replace(/&/g, '&amp;')}`);
      expect(m.html).toContain('dir="rtl"');
      expect(m.headers?.['content-language']).toBe('ar');
      expect(m.headers?.['auto-submitted']).toBe('auto-generated');
      expect(m.headers?.['message-id']).toBe(`<${emailJobId(meta.id, email)}@boardroom.local>`);
      expect(m.headers?.from).toContain('no-reply@boardroom.local');
      expect(m.headers?.['content-type']).toMatch(/^multipart\/alternative/);
      const log = await db.query('select template, lang, subject from notification.email_log where org_id = $1 and to_email = $2', [org.orgId, email]);
      expect(log.rows).toEqual([{ template: 'password-reset', lang: 'ar', subject: m.subject }]);
    } finally {
      await app.close();
    }
  });

  it('through maildev with DKIM: the job\'s message arrives once, signed by nodemailer, and its DKIM-Signature verifies with the public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const app = await startNotification(
      serviceConfig(env.SMTP_URL, {
        DKIM_DOMAIN: 'boardroom.local',
        DKIM_SELECTOR: 'boardroom2026',
        // one line, as an environment variable holds it
        DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
      }),
    );
    try {
      org = await freshOrganization(pub.events, db, 'Signed board — مجلس');
      const email = address('dkim');
      const token = TOKEN();
      const meta = await pub.events.publish(PasswordResetRequested, { orgId: org.orgId, userId: 14, recipient: { email, name: 'Layla Haddad', lang: 'ru' }, token, expiresAt: inOneDay() });
      const mails = await waitFor('the signed message in maildev', async () => {
        const m = await caughtMailsTo(email);
        return m.length ? m : null;
      });
      await sleep(1500);
      expect(await caughtMailsTo(email)).toHaveLength(1);
      const raw = await mailSource(mails[0].id);
      const result = verifyDkim(raw, publicKey);
      expect(result.reason).toBeUndefined();
      expect(result).toMatchObject({ ok: true, tags: { v: '1', a: 'rsa-sha256', c: 'relaxed/relaxed', d: 'boardroom.local', s: 'boardroom2026' } });
      expect(result.tags.h.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'message-id', 'date', 'content-type']));
      // the signature covers what the template made: the link in the body, the subject
      expect(raw.replace(/\r\n[ \t]+/g, ' ')).toContain(`Message-ID: <${emailJobId(meta.id, email)}@boardroom.local>`);
      expect(mails[0].text).toContain(`token=${token}`);
      expect(verifyDkim(raw.replace(/^Subject: .*$/m, 'Subject: changed'), publicKey)).toMatchObject({ ok: false });
      expect(verifyDkim(raw, generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey)).toMatchObject({ ok: false });
      const log = await db.query('select template, subject from notification.email_log where org_id = $1 and to_email = $2', [org.orgId, email]);
      expect(log.rows).toEqual([{ template: 'password-reset', subject: mails[0].subject }]);
    } finally {
      await app.close();
    }
  });

  it('an SMTP server that asks for AUTH but offers no STARTTLS: the job fails with a clear error, no AUTH in clear, nothing sent', async () => {
    const sink = new SmtpSink({ auth: { user: 'relay', pass: 'relay-pass-1' }, recordClearText: true });
    const port = Number(new URL(await sink.start()).port);
    const app = await startNotification(serviceConfig(`smtp://relay:relay-pass-1@127.0.0.1:${port}`));
    const queue = app.get(Jobs).queue(SendEmail.queue);
    const email = address('stripped');
    let jobId = '';
    try {
      org = await freshOrganization(pub.events, db, 'Stripped TLS board');
      const meta = await pub.events.publish(PasswordResetRequested, { orgId: org.orgId, userId: 13, recipient: { email, name: null, lang: 'en' }, token: TOKEN(), expiresAt: inOneDay() });
      jobId = emailJobId(meta.id, email);
      const job = await waitFor('the job\'s first failed attempt', async () => {
        const j = await queue.getJob(jobId);
        return j && j.attemptsMade >= 1 && j.failedReason ? j : null;
      });
      expect(job.failedReason).toMatch(/did not upgrade the connection with STARTTLS .*TLS is required because it authenticates: nothing was sent, no AUTH either/);
      expect(job.failedReason).not.toContain('relay-pass-1');
      expect(sink.auths).toEqual([]);
      expect(sink.clearCommands()).toContain('STARTTLS');
      expect(sink.clearCommands()).not.toContain('AUTH');
      expect(sink.clearCommands()).not.toContain('MAIL');
      expect(sink.received).toHaveLength(0);
      const log = await db.query('select 1 from notification.email_log where org_id = $1 and to_email = $2', [org.orgId, email]);
      expect(log.rowCount).toBe(0);
    } finally {
      await app.close();
      // the job waits for its retry: it must not reach another suite's SMTP server
      const q = new Queue(SendEmail.queue, { connection: redisConnection(env.REDIS_URL), prefix: 'bull' });
      await (await q.getJob(jobId))?.remove().catch(() => undefined);
      await q.close();
      await sink.stop();
    }
  });
});
