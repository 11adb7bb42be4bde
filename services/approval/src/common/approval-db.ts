import { Injectable } from '@nestjs/common';
import { Db, ScopedDb, type Scope as PlatformScope } from '@app/platform';
import type { ApprovalTables } from '../db/tables';

/** A repository call's tenant scope in this service (libs/platform ScopedDb): orgId and its RLS transaction. */
export type Scope = PlatformScope<ApprovalTables>;

/** The platform's ScopedDb typed with this service's tables: services open the transaction, repositories take its Scope. */
@Injectable()
export class ApprovalDb extends ScopedDb<ApprovalTables> {
  constructor(db: Db<ApprovalTables>) {
    super(db);
  }
}
