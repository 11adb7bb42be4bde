import { Injectable } from '@nestjs/common';
import { RemoveWatermarkedCopy, type PayloadOf } from '@app/contracts';
import { ProcessJob, Storage } from '@app/platform';

/** A reader's copy (watermarked, or the viewer's copy of a view-only file) leaves S3 once its presigned URL has lapsed (removing twice is harmless). */
@Injectable()
export class WatermarkProcessor {
  constructor(private readonly storage: Storage) {}

  @ProcessJob(RemoveWatermarkedCopy)
  async remove(p: PayloadOf<typeof RemoveWatermarkedCopy>): Promise<void> {
    // only the organization's own readers' copies, never a stored file
    if (!p.key.startsWith(`${p.orgId}/watermarked/`) && !p.key.startsWith(`${p.orgId}/view/`)) return;
    await this.storage.remove(p.key);
  }
}
