import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppError, OrgErrors, OrgMessages } from '@app/contracts';
import { logger, Storage } from '@app/platform';


const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** png or jpeg by content (the declared type alone is not trusted). */
export function imageType(buf: Buffer): 'png' | 'jpg' | null {
  if (buf.subarray(0, 4).equals(PNG)) return 'png';
  if (buf.subarray(0, 3).equals(JPEG)) return 'jpg';
  return null;
}

/**
 * Files go to S3 under the organization's prefix; only the key travels over NATS. When the service
 * then refuses the request, the object is removed again, so a failed request leaves nothing behind.
 */
@Injectable()
export class Uploads {
  constructor(private readonly storage: Storage) {}

  async putImage(orgId: string, kind: 'images' | 'logos', file: Express.Multer.File, field = 'image'): Promise<string> {
    const ext = imageType(file.buffer);
    if (!ext) throw AppError.validation({ [field]: OrgMessages.imageType });
    const key = Storage.key(orgId, kind, `${randomUUID()}.${ext}`);
    await this.storage.put(key, file.buffer, file.size, ext === 'png' ? 'image/png' : 'image/jpeg');
    return key;
  }

  async putSheet(orgId: string, file: Express.Multer.File): Promise<string> {
    if (!file.buffer.subarray(0, 4).equals(ZIP)) {
      throw new AppError(OrgErrors.USER_SHEET_STRUCTURE, { fields: { file: [OrgMessages.sheetStructure] } });
    }
    const key = Storage.key(orgId, 'imports', `${randomUUID()}.xlsx`);
    await this.storage.put(key, file.buffer, file.size, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return key;
  }

  /** Run the RPC with the stored keys; remove them when it fails. */
  async guard<T>(keys: (string | null | undefined)[], fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      await Promise.all(keys.filter((k): k is string => !!k).map((k) => this.storage.remove(k).catch((err: unknown) => logger().warn({ err, key: k }, 'uploaded object left behind after a failed request'))));
      throw e;
    }
  }
}
