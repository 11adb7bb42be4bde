import { Injectable } from '@nestjs/common';
import { AnnotationChanged } from '@app/contracts';
import { Outbox } from '@app/platform';
import { AnnotationsRepository } from '../repositories/annotations.repository';
import { audienceOf, reanchor } from '../rules/annotations';
import type { Scope } from './library-db';

/**
 * Annotations follow a file to its new version (docs/annotations.md#new-versions), called by the library-text job
 * in the transaction that stores the version's pages: each annotation made on an older version moves to the page of
 * this version whose text holds its quote (rules/annotations `reanchor`), or is marked orphaned; replies follow
 * their annotation; shared ones are announced as updated.
 */
@Injectable()
export class AnnotationCarry {
  constructor(private readonly repo: AnnotationsRepository, private readonly outbox: Outbox) {}

  async toVersion(s: Scope, itemId: number, version: number, pages: readonly { page: number; text: string }[]): Promise<{ carried: number; orphaned: number }> {
    const rows = (await this.repo.list(s, itemId)).filter((r) => r.version < version);
    let carried = 0;
    let orphaned = 0;
    for (const t of rows.filter((r) => r.parentId === null)) {
      const page = reanchor({ page: t.page, quote: t.quote }, pages);
      if (page === null) orphaned++;
      else carried++;
      await this.repo.update(s, t.id, page === null ? { orphaned: true, version } : { page, orphaned: false, version });
      for (const r of rows.filter((x) => x.parentId === t.id)) await this.repo.update(s, r.id, { page: page ?? t.page, version });
      const audience = audienceOf(t, t);
      if (audience !== null) await this.outbox.add(s.tx, AnnotationChanged, { orgId: s.orgId, itemId, annotationId: t.id, change: 'updated', byUserId: null, audience });
    }
    return { carried, orphaned };
  }
}
