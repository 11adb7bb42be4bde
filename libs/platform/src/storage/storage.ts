import { Inject, Injectable } from '@nestjs/common';
import * as Minio from 'minio';
import { Readable } from 'node:stream';
import { AppError } from '@app/contracts';
import { logger } from '../logger';

export const STORAGE_OPTIONS = Symbol('STORAGE_OPTIONS');
/** What S3 answers for a key (or a bucket) that does not exist. */
const NOT_FOUND = new Set(['NotFound', 'NoSuchKey']);

/** S3 did not answer, or answered with something other than "not found": 503, logged with the cause. */
function unavailable(op: string, key: string, e: unknown): AppError {
  logger().error({ err: e, op, key }, 'S3 request failed');
  return new AppError('UNAVAILABLE', { details: { what: 'storage', op, code: (e as { code?: string })?.code ?? null } });
}

export interface StorageOptions {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/**
 * Files live in S3 (docs/architecture.md#files-in-s3): messages carry keys, users get presigned URLs. Keys start with
 * the organization id so one organization's objects are never addressed with another's prefix.
 */
@Injectable()
export class Storage {
  readonly client: Minio.Client;
  readonly bucket: string;
  private ready?: Promise<void>;

  constructor(@Inject(STORAGE_OPTIONS) private readonly opts: StorageOptions) {
    const u = new URL(opts.endpoint);
    this.client = new Minio.Client({
      endPoint: u.hostname,
      port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)),
      useSSL: u.protocol === 'https:',
      accessKey: opts.accessKey,
      secretKey: opts.secretKey,
      region: opts.region,
      pathStyle: true,
    });
    this.bucket = opts.bucket;
  }

  /** Create the bucket when missing (called at start-up). When S3 cannot be reached it rejects, and the next call tries again. */
  ensureBucket(): Promise<void> {
    this.ready ??= (async () => {
      if (await this.client.bucketExists(this.bucket)) return;
      await this.client.makeBucket(this.bucket, this.opts.region).catch((e: { code?: string }) => {
        if (e?.code !== 'BucketAlreadyOwnedByYou' && e?.code !== 'BucketAlreadyExists') throw e;
      });
      logger().info({ bucket: this.bucket }, 'bucket created');
    })().catch((e: unknown) => {
      this.ready = undefined;
      throw e;
    });
    return this.ready;
  }

  static key(orgId: string, ...parts: string[]): string {
    return [orgId, ...parts.map((p) => p.replace(/[^\w.-]/g, '_'))].join('/');
  }

  async put(key: string, body: Buffer | Readable, size?: number, contentType = 'application/octet-stream'): Promise<void> {
    await this.ensureBucket();
    await this.client.putObject(this.bucket, key, body, size, { 'Content-Type': contentType });
  }

  /**
   * Stream bytes to S3 holding at most one part in memory: what ends within the first part goes up as one PUT,
   * anything longer as a multipart upload of `partSize` parts (S3's minimum is 5 MiB). When the source fails (too
   * large, the client went away, a refused kind), the multipart upload is aborted and no object appears. Answers
   * the number of bytes stored.
   */
  async putStream(key: string, source: AsyncIterable<Buffer>, contentType = 'application/octet-stream', partSize = 5 * 1024 * 1024): Promise<number> {
    await this.ensureBucket();
    const headers = { 'Content-Type': contentType };
    let chunks: Buffer[] = [];
    let pending = 0;
    let total = 0;
    let uploadId: string | null = null;
    const etags: { part: number; etag: string }[] = [];
    const flush = async (): Promise<void> => {
      const part = Buffer.concat(chunks, pending);
      chunks = [];
      pending = 0;
      uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, key, headers);
      const n = etags.length + 1;
      const r = await this.client.uploadPart({ bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: n, headers: { 'Content-Length': part.length } }, part);
      etags.push({ part: n, etag: r.etag });
    };
    try {
      for await (const chunk of source) {
        chunks.push(chunk);
        pending += chunk.length;
        total += chunk.length;
        if (pending >= partSize) await flush();
      }
      if (uploadId === null) {
        await this.client.putObject(this.bucket, key, Buffer.concat(chunks, pending), pending, headers);
        return total;
      }
      if (pending) await flush();
      await this.client.completeMultipartUpload(this.bucket, key, uploadId, etags);
      return total;
    } catch (e) {
      if (uploadId) {
        await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch((err: unknown) => logger().warn({ err, key }, 'multipart upload could not be aborted'));
      }
      throw e;
    }
  }

  async get(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  /**
   * An object whole in memory. With `maxBytes`, an object larger than that is refused (AppError PAYLOAD_TOO_LARGE,
   * 413) as soon as the bytes read pass it: never held whole.
   */
  async getBuffer(key: string, maxBytes?: number): Promise<Buffer> {
    const s = await this.get(key);
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const c of s) {
      total += (c as Buffer).length;
      if (maxBytes !== undefined && total > maxBytes) {
        s.destroy();
        throw new AppError('PAYLOAD_TOO_LARGE', { details: { key, maxBytes } });
      }
      chunks.push(c as Buffer);
    }
    return Buffer.concat(chunks);
  }

  /**
   * Size and type of an object; null when S3 says it does not exist. Any other failure (S3 down, refused
   * credentials, a server error) throws AppError UNAVAILABLE (503), so "not found" is never a guess.
   */
  async stat(key: string): Promise<{ size: number; contentType?: string } | null> {
    try {
      const s = await this.client.statObject(this.bucket, key);
      return { size: s.size, contentType: s.metaData?.['content-type'] };
    } catch (e) {
      if (NOT_FOUND.has((e as { code?: string })?.code ?? '')) return null;
      throw unavailable('stat', key, e);
    }
  }

  /** A server-side copy of an object under another key (the bytes never pass through the service). */
  async copy(from: string, to: string): Promise<void> {
    await this.ensureBucket();
    try {
      await this.client.copyObject(this.bucket, to, `/${this.bucket}/${from}`, new Minio.CopyConditions());
    } catch (e) {
      throw unavailable('copy', from, e);
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }

  presignedGet(key: string, expirySeconds = 3600): Promise<string> {
    return this.client.presignedGetObject(this.bucket, key, expirySeconds);
  }
}
