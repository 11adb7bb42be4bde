import * as schema from './schema';

/** The drizzle schema object handed to PlatformModule (typed Db<MinutesTables>). */
export const minutesTables = schema;
export type MinutesTables = typeof schema;
