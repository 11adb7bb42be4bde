import { Injectable } from '@nestjs/common';
import { Db, ScopedDb, type Scope as PlatformScope } from '@app/platform';
import type { MinutesTables } from '../db/tables';

/** A repository call's tenant scope in this service: orgId and its RLS transaction. */
export type Scope = PlatformScope<MinutesTables>;

@Injectable()
export class MinutesDb extends ScopedDb<MinutesTables> {
  constructor(db: Db<MinutesTables>) {
    super(db);
  }
}
