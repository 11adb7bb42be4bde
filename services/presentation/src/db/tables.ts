import * as schema from './schema';

/** The drizzle schema object handed to PlatformModule (typed Db<PresentationTables>). */
export const presentationTables = schema;
export type PresentationTables = typeof schema;
