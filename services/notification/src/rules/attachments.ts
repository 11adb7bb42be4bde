/** Whether documents of these sizes go attached to one e-mail: together within the bound (EMAIL_ATTACHMENT_MAX_BYTES). */
export function fitsAttached(documents: readonly { size: number }[], maxBytes: number): boolean {
  return documents.reduce((n, d) => n + d.size, 0) <= maxBytes;
}

/**
 * Reads a file an e-mail attaches from its presigned URL, refusing more than `maxBytes` (by Content-Length, and while
 * reading, whatever the header says). Throws `AttachmentRefused` when the answer is final (4xx: an expired or wrong
 * URL; too large), a plain error when it may pass (5xx, the network).
 */
export class AttachmentRefused extends Error {}

export async function readAttachment(url: string, maxBytes: number, fetcher: typeof fetch = fetch): Promise<Buffer> {
  const r = await fetcher(url, { signal: AbortSignal.timeout(60_000) });
  if (r.status >= 400 && r.status < 500) throw new AttachmentRefused(`the attachment's URL answered ${r.status}`);
  if (!r.ok || !r.body) throw new Error(`the attachment's URL answered ${r.status}`);
  const declared = Number(r.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await r.body.cancel();
    throw new AttachmentRefused(`the attachment has ${declared} bytes, more than ${maxBytes}`);
  }
  const parts: Buffer[] = [];
  let n = 0;
  for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
    n += chunk.length;
    if (n > maxBytes) throw new AttachmentRefused(`the attachment has more than ${maxBytes} bytes`);
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts);
}
