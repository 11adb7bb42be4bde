/**
 * The mail catcher that `npm test` runs (maildev): its REST API at MAIL_UI_URL lists every message the
 * services sent through SMTP_URL.
 */
import { testEnv } from './infra';

export interface CaughtMail {
  /** maildev's id of the message (GET /email/:id/source gives its bytes) */
  id: string;
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
  /** the message's header fields, names in lower case (maildev) */
  headers?: Record<string, string>;
  messageId?: string;
  /** the message's attachments as maildev lists them (GET /email/:id/attachment/:generatedFileName gives the bytes) */
  attachments?: { fileName: string; generatedFileName: string; contentType: string; length: number }[];
}

/** Every caught message addressed to `address` (case-insensitive), in the order the catcher lists them. */
export async function mailsTo(address: string, mailUiUrl = testEnv().MAIL_UI_URL): Promise<CaughtMail[]> {
  const r = await fetch(`${mailUiUrl}/email`);
  const all = (await r.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** The message as the catcher received it (header and body bytes, CRLF line ends): what a DKIM check reads. */
export async function mailSource(id: string, mailUiUrl = testEnv().MAIL_UI_URL): Promise<string> {
  const r = await fetch(`${mailUiUrl}/email/${encodeURIComponent(id)}/source`);
  if (!r.ok) throw new Error(`maildev: GET /email/${id}/source answered ${r.status}`);
  return Buffer.from(await r.arrayBuffer()).toString('latin1');
}

/** The bytes of one attachment of a caught message, by the name maildev lists it under (`generatedFileName`). */
export async function mailAttachment(id: string, generatedFileName: string, mailUiUrl = testEnv().MAIL_UI_URL): Promise<Buffer> {
  const r = await fetch(`${mailUiUrl}/email/${encodeURIComponent(id)}/attachment/${encodeURIComponent(generatedFileName)}`);
  if (!r.ok) throw new Error(`maildev: GET /email/${id}/attachment/${generatedFileName} answered ${r.status}`);
  return Buffer.from(await r.arrayBuffer());
}
