/**
 * The mail catcher that `npm test` runs (maildev): its REST API at MAIL_UI_URL lists every message the
 * services sent through SMTP_URL.
 */
import { testEnv } from './infra';

export interface CaughtMail {
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
  /** the message's header fields, names in lower case (maildev) */
  headers?: Record<string, string>;
  messageId?: string;
}

/** Every caught message addressed to `address` (case-insensitive), in the order the catcher lists them. */
export async function mailsTo(address: string, mailUiUrl = testEnv().MAIL_UI_URL): Promise<CaughtMail[]> {
  const r = await fetch(`${mailUiUrl}/email`);
  const all = (await r.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}
