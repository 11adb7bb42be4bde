import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppError } from '@app/contracts';
import { Storage } from '@app/platform';

export const sha256 = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

/**
 * The PDFs of an approval are its own: the library file is read once, when the approval is made (the library's
 * presigned URL), and copied under the approval's prefix; each stamped or sealed state is another object there
 * (`approvalKey`). Nothing is ever written to the library: the file stays as its owner left it (docs/approval.md).
 * Bytes never cross NATS.
 */
export const approvalKey = (orgId: string, approvalId: number, what: string): string => Storage.key(orgId, 'approval', `${approvalId}-${what.replace(/:/g, '-')}.pdf`);
/** the copy of a document as sent: named by its content (the same file sent twice is one object) */
export const sentKey = (orgId: string, sha: string): string => Storage.key(orgId, 'approval', `sent-${sha}.pdf`);
@Injectable()
export class DocumentStore {
  constructor(private readonly storage: Storage) {}

  async readUrl(url: string): Promise<Buffer> {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new AppError('UNAVAILABLE', { details: { what: 'storage', status: res.status } });
    return Buffer.from(await res.arrayBuffer());
  }

  readKey(key: string): Promise<Buffer> {
    return this.storage.getBuffer(key);
  }

  presigned(key: string, ttlSeconds: number): Promise<string> {
    return this.storage.presignedGet(key, ttlSeconds);
  }

  remove(key: string): Promise<void> {
    return this.storage.remove(key);
  }

  /** stores bytes of this approval's own (a copy as sent, a stamped or sealed state) under `key` */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (await this.storage.stat(key)) return;
    await this.storage.put(key, Buffer.from(bytes), bytes.length, 'application/pdf');
  }
}
