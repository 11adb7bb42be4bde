import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { AddVersion, AppError, SYSTEM_ACTOR, type Actor } from '@app/contracts';
import { Bus, logger, Storage } from '@app/platform';

export const sha256 = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

/**
 * The PDFs of approvals are library files: bytes are read from S3 (the library's presigned URL, or the key this
 * service wrote) and each signed state is written to S3 under the organization's prefix and registered as the
 * file's next version with library.v1.add-version. Bytes never cross NATS.
 */
@Injectable()
export class DocumentStore {
  constructor(private readonly storage: Storage, private readonly bus: Bus) {}

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

  /**
   * Registers an object already in S3 as the library file's next version (the library answers the version it
   * already is when it has the key: a retried job's call adds nothing), in the name of `by`, with the system's rights.
   */
  async register(orgId: string, libraryId: number, key: string, size: number, by: { userId: number | null; name: string }): Promise<{ version: number }> {
    const actor: Actor = { ...SYSTEM_ACTOR, userId: by.userId, name: by.name };
    const item = await this.bus.request(AddVersion, { orgId, actor, itemId: libraryId, key, size, mime: 'application/pdf', kind: 'pdf', extension: 'pdf' });
    return { version: item.version };
  }

  /**
   * Stores the bytes and makes them the library file's next version, in the name of `by` (the approval service
   * writes with the system's rights: the signer need not be able to edit the sender's file).
   */
  async addVersion(orgId: string, libraryId: number, bytes: Uint8Array, by: { userId: number | null; name: string }): Promise<{ key: string; version: number; size: number }> {
    const key = Storage.key(orgId, 'library', `${randomUUID()}.pdf`);
    await this.storage.put(key, Buffer.from(bytes), bytes.length, 'application/pdf');
    const actor: Actor = { ...SYSTEM_ACTOR, userId: by.userId, name: by.name };
    try {
      const item = await this.bus.request(AddVersion, { orgId, actor, itemId: libraryId, key, size: bytes.length, mime: 'application/pdf', kind: 'pdf', extension: 'pdf' });
      return { key, version: item.version, size: bytes.length };
    } catch (e) {
      // the library refused: the object goes again; a failed removal leaves an orphan the error below explains
      await this.storage.remove(key).catch((err: unknown) => logger().warn({ err, key }, 'could not remove a refused version'));
      throw e;
    }
  }
}
