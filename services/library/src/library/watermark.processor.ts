import { Injectable } from '@nestjs/common';
import { RemoveWatermarkedCopy, type PayloadOf } from '@app/contracts';
import { ProcessJob, Storage } from '@app/platform';

/** A reader's watermarked copy leaves S3 once its presigned URL has lapsed (removing twice is harmless). */
@Injectable()
export class WatermarkProcessor {
  constructor(private readonly storage: Storage) {}

  @ProcessJob(RemoveWatermarkedCopy)
  async remove(p: PayloadOf<typeof RemoveWatermarkedCopy>): Promise<void> {
    // only the organization's own watermarked copies
    if (!p.key.startsWith(`${p.orgId}/watermarked/`)) return;
    await this.storage.remove(p.key);
  }
}
