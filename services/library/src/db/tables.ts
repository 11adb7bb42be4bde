import * as schema from './schema';

/** The drizzle schema object handed to PlatformModule (typed Db<LibraryTables>). */
export const libraryTables = schema;
export type LibraryTables = typeof schema;
