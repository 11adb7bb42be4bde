import * as schema from './schema';

/** The drizzle schema object handed to PlatformModule (typed Db<NotificationTables>). */
export const notificationTables = schema;
export type NotificationTables = typeof schema;
