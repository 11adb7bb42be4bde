import { Injectable } from '@nestjs/common';
import { NotificationDb } from '../common/notification-db';
import { EmailRepository, type SentEmail } from './email.repository';

interface Waiter<T> {
  resolve(v: T): void;
  reject(e: unknown): void;
}

/**
 * The delivery log as the e-mail processor uses it, with group commit: the "was this job sent?"
 * look-ups and the "sent" rows of the jobs running at the same time are gathered and written in one
 * transaction per organization (one SELECT ... IN, one multi-row INSERT), instead of one transaction
 * of 4–5 round trips per look-up and per row. Each caller still waits for its own answer: `record`
 * resolves only once its row is committed, so a job completes only after its row exists, exactly as
 * when it wrote the row alone (the exactly-once guarantee does not depend on the batching).
 *
 * One batch is in flight at a time; calls made meanwhile form the next batch, so batches grow with
 * the load and a lone call is written at the next turn of the event loop.
 */
@Injectable()
export class SentLog {
  private checks = new Map<string, Map<string, Waiter<boolean>[]>>();
  private writes = new Map<string, { row: SentEmail; w: Waiter<void> }[]>();
  private scheduled = false;
  private flushing = false;

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
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    this.flushing = true;
    const checks = this.checks;
    const writes = this.writes;
    this.checks = new Map();
    this.writes = new Map();
    try {
      const orgs = new Set([...checks.keys(), ...writes.keys()]);
      await Promise.all([...orgs].map((orgId) => this.flushOrg(orgId, checks.get(orgId), writes.get(orgId))));
    } finally {
      this.flushing = false;
      if (this.checks.size || this.writes.size) this.schedule();
    }
  }

  private async flushOrg(orgId: string, checks: Map<string, Waiter<boolean>[]> | undefined, writes: { row: SentEmail; w: Waiter<void> }[] | undefined): Promise<void> {
    try {
      const sent = await this.db.tenant(orgId, async (s) => {
        if (writes?.length) await this.repo.recordMany(s, writes.map((x) => x.row));
        return checks?.size ? this.repo.sentAmong(s, [...checks.keys()]) : new Set<string>();
      });
      for (const x of writes ?? []) x.w.resolve();
      for (const [jobId, ws] of checks ?? []) for (const w of ws) w.resolve(sent.has(jobId));
    } catch (e) {
      // every caller of this batch gets the error, as it would have got its own
      for (const x of writes ?? []) x.w.reject(e);
      for (const ws of checks?.values() ?? []) for (const w of ws) w.reject(e);
    }
  }
}
