import { createHash } from 'node:crypto';

/**
 * The SendEmail job id for (source, recipient): a redelivered event or a re-run consumer derives the
 * same id, and BullMQ does not add a job whose id exists. BullMQ ids may not contain ':'.
 */
export function emailJobId(sourceId: string, email: string): string {
  const h = createHash('sha256').update(`${sourceId}\n${email.trim().toLowerCase()}`).digest('hex').slice(0, 40);
  return `email-${h}`;
}

/** The Message-ID header of the e-mail a job sends: the same on every attempt, so a receiver can spot a repeat. */
export function messageIdFor(jobId: string, fromAddress: string): string {
  const domain = fromAddress.split('@')[1] || 'localhost';
  return `<${jobId}@${domain}>`;
}
