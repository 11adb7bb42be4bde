import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
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
    const rows = await s.tx.select({ id: emailLog.id }).from(emailLog).where(and(eq(emailLog.orgId, s.orgId), eq(emailLog.jobId, jobId))).limit(1);
    return rows.length > 0;
  }

  async recordSent(s: Scope, sent: SentEmail): Promise<void> {
    await s.tx.insert(emailLog).values({ orgId: s.orgId, ...sent }).onConflictDoNothing();
  }
}
