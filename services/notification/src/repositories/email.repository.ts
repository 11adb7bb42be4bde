import { Injectable } from '@nestjs/common';
import { and, eq, inArray } from 'drizzle-orm';
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

/** The delivery log: one row per accepted e-mail, keyed by job id. Scope first (orgId + RLS transaction). */
@Injectable()
export class EmailRepository {
  async wasSent(s: Scope, jobId: string): Promise<boolean> {
    return (await this.sentAmong(s, [jobId])).has(jobId);
  }

  /** Which of these job ids have a delivery row (one statement for a batch of jobs). */
  async sentAmong(s: Scope, jobIds: readonly string[]): Promise<Set<string>> {
    if (!jobIds.length) return new Set();
    const rows = await s.tx
      .select({ jobId: emailLog.jobId })
      .from(emailLog)
      .where(and(eq(emailLog.orgId, s.orgId), inArray(emailLog.jobId, [...jobIds])));
    return new Set(rows.map((r) => r.jobId));
  }

  async recordSent(s: Scope, sent: SentEmail): Promise<void> {
    await this.recordMany(s, [sent]);
  }

  /** Several delivery rows in one statement; a job id already logged is left as it is. */
  async recordMany(s: Scope, sent: readonly SentEmail[]): Promise<void> {
    if (!sent.length) return;
    await s.tx
      .insert(emailLog)
      .values(sent.map((r) => ({ orgId: s.orgId, ...r })))
      .onConflictDoNothing();
  }
}
