import { Injectable } from '@nestjs/common';
import { ResolveFiles, SYSTEM_ACTOR, type LibraryFileRef } from '@app/contracts';
import { Bus, logger } from '@app/platform';

/**
 * Names, sizes and fresh file URLs of attached library files (docs/library.md#attachments-of-the-meeting-service).
 * The meeting already decided who sees the item, so the library is asked as the system. When the library does
 * not answer, attachments keep their ids with null name, size and URL rather than failing the meeting.
 */
@Injectable()
export class LibraryFiles {
  constructor(private readonly bus: Bus) {}

  async resolve(orgId: string, ids: number[]): Promise<ReadonlyMap<number, LibraryFileRef>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    try {
      const out = new Map<number, LibraryFileRef>();
      for (let i = 0; i < unique.length; i += 100) {
        const { files } = await this.bus.request(ResolveFiles, { orgId, actor: SYSTEM_ACTOR, ids: unique.slice(i, i + 100) }, { timeoutMs: 3000 });
        for (const f of files) out.set(f.id, f);
      }
      return out;
    } catch (err) {
      logger().warn({ err, orgId }, 'library files could not be resolved; attachments shown without names');
      return new Map();
    }
  }
}
