import { Injectable } from '@nestjs/common';
import { Db, ScopedDb, type Scope as PlatformScope, type Tx as PlatformTx } from '@app/platform';
import type { schema } from './schema';

/** this service's tables */
export type MeetingSchema = typeof schema;
/** a repository call's tenant scope in this service: the organization and its RLS-scoped transaction */
export type Scope = PlatformScope<MeetingSchema>;
export type Tx = PlatformTx<MeetingSchema>;

/** The platform's ScopedDb typed with this service's tables: `tenant(orgId, (s) => ...)` hands out a Scope. */
@Injectable()
export class MeetingDb extends ScopedDb<MeetingSchema> {
  constructor(db: Db<MeetingSchema>) {
    super(db);
  }
}
