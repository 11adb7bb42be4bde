import { Injectable } from '@nestjs/common';
import { Db, ScopedDb, type Scope as PlatformScope } from '@app/platform';
import type { PresentationTables } from '../db/tables';

/** A repository call's tenant scope in this service: orgId and its RLS transaction. */
export type Scope = PlatformScope<PresentationTables>;

@Injectable()
export class PresentationDb extends ScopedDb<PresentationTables> {
  constructor(db: Db<PresentationTables>) {
    super(db);
  }
}
