/**
 * The mail catcher that `npm test` runs (maildev): its REST API at MAIL_UI_URL lists every message the
 * services sent through SMTP_URL.
 */
import { testEnv } from './infra';
import { sleep } from './wait';

/**
 * GET from the catcher's REST API. A request that fails before any answer (`fetch failed`, cause "other side closed")
 * is sent again, up to three times: undici reuses a kept-alive socket that maildev may close at the same moment, which
 * happens when the api and browser tiers poll the catcher at once (seen in a fresh-clone run). An answer, whatever its
 * status, is never retried.
 */
async function catcherGet(url: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url);
    } catch (e) {
      if (attempt >= 3) throw e;
      await sleep(100 * attempt);
    }
  }
}

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
  const r = await catcherGet(`${mailUiUrl}/email`);
  if (!r.ok) throw new Error(`maildev: GET /email answered ${r.status}`);
  const all = (await r.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** The message as the catcher received it (header and body bytes, CRLF line ends): what a DKIM check reads. */
export async function mailSource(id: string, mailUiUrl = testEnv().MAIL_UI_URL): Promise<string> {
  const r = await catcherGet(`${mailUiUrl}/email/${encodeURIComponent(id)}/source`);
  if (!r.ok) throw new Error(`maildev: GET /email/${id}/source answered ${r.status}`);
  return Buffer.from(await r.arrayBuffer()).toString('latin1');
}

/** The bytes of one attachment of a caught message, by the name maildev lists it under (`generatedFileName`). */
export async function mailAttachment(id: string, generatedFileName: string, mailUiUrl = testEnv().MAIL_UI_URL): Promise<Buffer> {
  const r = await catcherGet(`${mailUiUrl}/email/${encodeURIComponent(id)}/attachment/${encodeURIComponent(generatedFileName)}`);
  if (!r.ok) throw new Error(`maildev: GET /email/${id}/attachment/${generatedFileName} answered ${r.status}`);
  return Buffer.from(await r.arrayBuffer());
}
