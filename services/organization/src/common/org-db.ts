import { Injectable } from '@nestjs/common';
import { Db, ScopedDb, type Scope as PlatformScope } from '@app/platform';
import type { OrgSchema } from '../db/schema';

/** A repository call's tenant scope in this service (libs/platform ScopedDb). */
export type Scope = PlatformScope<OrgSchema>;

/** The platform's ScopedDb typed with this service's tables. */
@Injectable()
export class OrgDb extends ScopedDb<OrgSchema> {
  constructor(db: Db<OrgSchema>) {
    super(db);
  }
}
