import { Injectable } from '@nestjs/common';
import { SendEmail, type Recipient } from '@app/contracts';
import { Jobs } from '@app/platform';

export interface EmailOrg {
  name: string;
  timeZone: string;
}
import { emailJobId } from './job-id';

/**
 * Turns "this template to these people" into SendEmail jobs, one per recipient, with ids derived
 * from (source, recipient). Consumers call it; nothing here talks SMTP.
 */
@Injectable()
export class EmailOutbox {
  constructor(private readonly jobs: Jobs) {}

  /**
   * @param org the organization as the event described it (sender name, time zone); without it the
   *            local copy is used when the e-mail is sent (needed for templates that build links)
   */
  async enqueue(orgId: string, sourceId: string, template: string, recipients: Recipient[], params: Record<string, unknown>, org?: EmailOrg): Promise<string[]> {
    const seen = new Set<string>();
    const ids: string[] = [];
    for (const to of recipients) {
      const key = to.email.trim().toLowerCase();
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const jobId = emailJobId(sourceId, key);
      await this.jobs.add(SendEmail, { orgId, template, to, params, sourceId, ...(org ? { org } : {}) }, { jobId });
      ids.push(jobId);
    }
    return ids;
  }

  /** Same, when each recipient needs its own parameters (a guest's personal token link). */
  async enqueueEach(orgId: string, sourceId: string, template: string, list: { to: Recipient; params: Record<string, unknown> }[], org?: EmailOrg): Promise<string[]> {
    const ids: string[] = [];
    for (const { to, params } of list) ids.push(...(await this.enqueue(orgId, sourceId, template, [to], params, org)));
    return ids;
  }
}
