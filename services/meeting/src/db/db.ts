import type { Db as PlatformDb, Tx as PlatformTx } from '@app/platform';
import type { schema } from './schema';

/** the platform's tenant-scoped database, typed with this service's tables */
export type MeetingDb = PlatformDb<typeof schema>;
export type Tx = PlatformTx<typeof schema>;
/** this service's tables, for `Db<MeetingTables>` in constructors (Nest injects the platform's Db) */
export type MeetingTables = typeof schema;
