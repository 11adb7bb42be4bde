import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { Db } from '@app/platform';
import { emailLog } from '../db/schema';
import type { NotificationTables } from '../db/tables';

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

/** The delivery log: one row per accepted e-mail, keyed by job id. */
@Injectable()
export class EmailRepository {
  constructor(private readonly db: Db<NotificationTables>) {}

  async wasSent(orgId: string, jobId: string): Promise<boolean> {
    return this.db.tenant(orgId, async (tx) => {
      const rows = await tx.select({ id: emailLog.id }).from(emailLog).where(and(eq(emailLog.orgId, orgId), eq(emailLog.jobId, jobId))).limit(1);
      return rows.length > 0;
    });
  }

  async recordSent(orgId: string, sent: SentEmail): Promise<void> {
    await this.db.tenant(orgId, async (tx) => {
      await tx.insert(emailLog).values({ orgId, ...sent }).onConflictDoNothing();
    });
  }
}
