import * as schema from './schema';

/** The drizzle schema object handed to PlatformModule (typed Db<ApprovalTables>). */
export const approvalTables = schema;
export type ApprovalTables = typeof schema;
