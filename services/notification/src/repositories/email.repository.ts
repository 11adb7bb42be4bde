import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Prepared } from '@app/platform';
import type { Scope } from '../common/notification-db';
import { emailLog } from '../db/schema';

export interface SentEmail {
  jobId: string;
  sourceId: string;
  template: string;
  toEmail: string;
  lang: string;
  subject: string;
  messageId: string;
  attempts: number;
}

/**
 * The two statements of the delivery log, built once and prepared (libs/platform `Prepared`): each e-mail job looks
 * its id up and writes its row, so drizzle's query building and PostgreSQL's parse and plan per call were a large part
 * of the service's CPU per e-mail (docs/performance.md, "P6: ... (issue 30), 2026-11-28"). A batch of job ids or rows
 * travels as one JSON text, so the statement's text is the same whatever the batch's size.
 */
const sentAmongStatement = new Prepared<{ orgId: string; jobIds: string }>(
  'email-log-sent-among',
  () => sql`select ${emailLog.jobId} as "jobId" from ${emailLog}
    where ${emailLog.orgId} = ${sql.placeholder('orgId')}::uuid
      and ${emailLog.jobId} in (select jsonb_array_elements_text(${sql.placeholder('jobIds')}::jsonb))`,
);

const recordStatement = new Prepared<{ orgId: string; rows: string }>(
  'email-log-record',
  () => sql`insert into ${emailLog} (org_id, job_id, source_id, template, to_email, lang, subject, message_id, attempts)
    select ${sql.placeholder('orgId')}::uuid, r.job_id, r.source_id, r.template, r.to_email, r.lang, r.subject, r.message_id, r.attempts
    from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
      as r(job_id text, source_id text, template text, to_email text, lang text, subject text, message_id text, attempts integer)
    on conflict do nothing`,
);

/**
 * The delivery log: one row per accepted e-mail, keyed by job id. Scope first (orgId + RLS). Both statements run
 * alone (`NotificationDb.alone`: one round trip, the organization set for row-level security) or inside a
 * transaction (`tenant`), as the caller chose.
 */
@Injectable()
export class EmailRepository {
  async wasSent(s: Scope, jobId: string): Promise<boolean> {
    return (await this.sentAmong(s, [jobId])).has(jobId);
  }

  /** Which of these job ids have a delivery row (one statement for a batch of jobs). */
  async sentAmong(s: Scope, jobIds: readonly string[]): Promise<Set<string>> {
    if (!jobIds.length) return new Set();
    const rows = await sentAmongStatement.rows<{ jobId: string }>(s.tx, 'one', { orgId: s.orgId, jobIds: JSON.stringify(jobIds) });
    return new Set(rows.map((r) => r.jobId));
  }

  async recordSent(s: Scope, sent: SentEmail): Promise<void> {
    await this.recordMany(s, [sent]);
  }

  /** Several delivery rows in one statement; a job id already logged is left as it is. */
  async recordMany(s: Scope, sent: readonly SentEmail[]): Promise<void> {
    if (!sent.length) return;
    const rows = sent.map((r) => ({
      job_id: r.jobId, source_id: r.sourceId, template: r.template, to_email: r.toEmail, lang: r.lang, subject: r.subject, message_id: r.messageId, attempts: r.attempts,
    }));
    await recordStatement.rows(s.tx, 'one', { orgId: s.orgId, rows: JSON.stringify(rows) });
  }
}
