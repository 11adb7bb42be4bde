import { Injectable } from '@nestjs/common';
import { SendEmail, type PayloadInputOf, type Recipient } from '@app/contracts';
import { Jobs } from '@app/platform';
import { emailJobId } from './job-id';

export interface EmailOrg {
  name: string;
  timeZone: string;
}

type EmailJob = { payload: PayloadInputOf<typeof SendEmail>; opts: { jobId: string } };

/**
 * Turns "this template to these people" into SendEmail jobs, one per recipient, with ids derived
 * from (source, recipient), all added in one round trip. Consumers call it; nothing here talks SMTP.
 */
@Injectable()
export class EmailOutbox {
  constructor(private readonly jobs: Jobs) {}

  /**
   * @param org the organization as the event described it (sender name, time zone); without it the
   *            local copy is used when the e-mail is sent (needed for templates that build links)
   */
  async enqueue(orgId: string, sourceId: string, template: string, recipients: Recipient[], params: Record<string, unknown>, org?: EmailOrg): Promise<string[]> {
    return this.enqueueEach(orgId, sourceId, template, recipients.map((to) => ({ to, params })), org);
  }

  /** Same, when each recipient needs its own parameters (a guest's personal token link). */
  async enqueueEach(orgId: string, sourceId: string, template: string, list: { to: Recipient; params: Record<string, unknown> }[], org?: EmailOrg): Promise<string[]> {
    const seen = new Set<string>();
    const jobs: EmailJob[] = [];
    for (const { to, params } of list) {
      const key = to.email.trim().toLowerCase();
      if (!key || seen.has(key)) continue;
      seen.add(key);
      jobs.push({ payload: { orgId, template, to, params, sourceId, ...(org ? { org } : {}) }, opts: { jobId: emailJobId(sourceId, key) } });
    }
    await this.jobs.addMany(SendEmail, jobs);
    return jobs.map((j) => j.opts.jobId);
  }
}
