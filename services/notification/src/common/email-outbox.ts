import { Injectable } from '@nestjs/common';
import { SendEmail, type EmailInput, type EmailOrg, type PayloadInputOf, type Recipient } from '@app/contracts';
import { Jobs } from '@app/platform';
import { emailJobId } from '../rules/email-job-id';

type EmailJob = { payload: PayloadInputOf<typeof SendEmail>; opts: { jobId: string } };

/**
 * Turns "this e-mail to these people" into SendEmail jobs, one per recipient, with ids derived
 * from (source, recipient), all added in one round trip. Consumers call it; nothing here talks SMTP.
 * `email` is one case of the contract's union (`{ template: 'comment', params: {...} }`), so a
 * template cannot be queued with another template's parameters.
 */
@Injectable()
export class EmailOutbox {
  constructor(private readonly jobs: Jobs) {}

  /**
   * @param org the organization as the event described it (sender name, time zone, slug for links);
   *            without it the local copy is used when the e-mail is sent
   */
  async enqueue(orgId: string, sourceId: string, email: EmailInput, recipients: Recipient[], org?: EmailOrg): Promise<string[]> {
    const seen = new Set<string>();
    const jobs: EmailJob[] = [];
    for (const to of recipients) {
      const key = to.email.trim().toLowerCase();
      if (!key || seen.has(key)) continue;
      seen.add(key);
      jobs.push({ payload: { orgId, to, sourceId, ...email, ...(org ? { org } : {}) }, opts: { jobId: emailJobId(sourceId, key) } });
    }
    await this.jobs.addMany(SendEmail, jobs);
    return jobs.map((j) => j.opts.jobId);
  }
}
