import { Injectable } from '@nestjs/common';
import { NotificationDb } from '../common/notification-db';
import { EmailRepository, type SentEmail } from '../repositories/email.repository';

interface Waiter<T> {
  resolve(v: T): void;
  reject(e: unknown): void;
}

/**
 * The delivery log as the e-mail processor uses it, with group commit: the "was this job sent?"
 * look-ups and the "sent" rows of the jobs running at the same time are gathered into one statement per
 * organization (one SELECT ... IN, one multi-row INSERT), instead of one transaction of 4–5 round trips per
 * look-up and per row. Each statement is prepared and runs alone with the organization set (`NotificationDb.alone`:
 * one round trip, its own implicit transaction; a BEGIN and COMMIT around it cost two more). Each caller still waits for its own answer: `record`
 * resolves only once its row is committed, so a job completes only after its row exists, exactly as
 * when it wrote the row alone (the exactly-once guarantee does not depend on the batching).
 *
 * Look-ups: one batch is in flight at a time; calls made meanwhile form the next batch, so batches grow
 * with the load and a lone call goes at the next turn of the event loop.
 * Rows: the rows of one turn of the event loop are written together at the next turn, never behind another
 * batch. Between the SMTP server's acceptance and this commit a process killed with -9 leaves an e-mail sent
 * but not logged, which its retry sends again (with the same Message-ID); that window is kept to one INSERT
 * (docs/notification.md, "Limits worth knowing").
 */
@Injectable()
export class SentLog {
  private checks = new Map<string, Map<string, Waiter<boolean>[]>>();
  private writes = new Map<string, { row: SentEmail; w: Waiter<void> }[]>();
  private scheduled = false;
  private flushing = false;
  private writesScheduled = false;

  constructor(private readonly db: NotificationDb, private readonly repo: EmailRepository) {}

  /** Whether the job's e-mail was already accepted (its row exists). */
  wasSent(orgId: string, jobId: string): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      let byJob = this.checks.get(orgId);
      if (!byJob) this.checks.set(orgId, (byJob = new Map()));
      const list = byJob.get(jobId) ?? [];
      list.push({ resolve, reject });
      byJob.set(jobId, list);
      this.schedule();
    });
  }

  /** Write the job's row; resolves when it is committed (a job id already logged is left as it is). */
  record(orgId: string, row: SentEmail): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const list = this.writes.get(orgId) ?? [];
      list.push({ row, w: { resolve, reject } });
      this.writes.set(orgId, list);
      if (this.writesScheduled) return;
      this.writesScheduled = true;
      setImmediate(() => void this.flushWrites());
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => void this.flushChecks());
  }

  private async flushWrites(): Promise<void> {
    this.writesScheduled = false;
    const writes = this.writes;
    this.writes = new Map();
    await Promise.all(
      [...writes].map(async ([orgId, list]) => {
        try {
          await this.db.alone(orgId, (s) => this.repo.recordMany(s, list.map((x) => x.row)));
          for (const x of list) x.w.resolve();
        } catch (e) {
          // every caller of this batch gets the error, as it would have got its own
          for (const x of list) x.w.reject(e);
        }
      }),
    );
  }

  private async flushChecks(): Promise<void> {
    this.scheduled = false;
    this.flushing = true;
    const checks = this.checks;
    this.checks = new Map();
    try {
      await Promise.all([...checks].map(([orgId, byJob]) => this.checkOrg(orgId, byJob)));
    } finally {
      this.flushing = false;
      if (this.checks.size) this.schedule();
    }
  }

  private async checkOrg(orgId: string, checks: Map<string, Waiter<boolean>[]>): Promise<void> {
    try {
      const sent = await this.db.alone(orgId, (s) => this.repo.sentAmong(s, [...checks.keys()]));
      for (const [jobId, ws] of checks) for (const w of ws) w.resolve(sent.has(jobId));
    } catch (e) {
      for (const ws of checks.values()) for (const w of ws) w.reject(e);
    }
  }
}
