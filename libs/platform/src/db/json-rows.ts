/**
 * Several tables' rows in one statement: each as a JSON array column, read back exactly as drizzle reads the table.
 *
 * A screen that shows one aggregate (a meeting with its agenda, decisions, voters, attachments...) would otherwise
 * send one query per table, and every query is a round trip, a parse and a plan in PostgreSQL and a query built by
 * drizzle in Node (docs/performance.md, P1: 19 queries per meeting read, a quarter of the meeting service's CPU in
 * drizzle's query building and a fifth in socket writes). `jsonRowsColumn` makes one such query a sub-select of a
 * larger statement; `rowsFromJson` turns its JSON back into the table's rows through each column's own
 * `mapFromDriverValue`, so a timestamp is a Date, a bigint in number mode a number, as from `tx.select()`.
 *
 * The sub-select reads `select *` of the table: its JSON keys are the column names, which `rowsFromJson` maps to the
 * drizzle keys. Row-level security applies to a sub-select as to any query of the transaction.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** a column to order by, ascending, or `{ column, desc: true }` */
export type JsonRowsOrder = PgColumn | { column: PgColumn; desc: true };

/**
 * `coalesce((select json_agg(r order by ...) from (select * from <table> where <where>) r), '[]')`; with `limit`,
 * the first `limit` rows in that order.
 */
export function jsonRowsColumn(table: PgTable, where: SQL, orderBy: readonly JsonRowsOrder[], limit?: number): SQL {
  const order = (alias: SQL | null) =>
    sql.join(
      orderBy.map((o) => {
        const [column, desc] = 'desc' in o ? [o.column, true] : [o, false];
        return sql`${alias ?? sql``}${sql.identifier(column.name)}${desc ? sql` desc` : sql``}`;
      }),
      sql`, `,
    );
  const rows = limit === undefined ? sql`select * from ${table} where ${where}` : sql`select * from ${table} where ${where} order by ${order(null)} limit ${sql.raw(String(Math.trunc(limit)))}`;
  return sql`coalesce((select json_agg(r order by ${order(sql`r.`)}) from (${rows}) r), '[]'::json)`;
}

/** The rows of `table` from a `jsonRowsColumn` value (an array of objects keyed by column name). */
export function rowsFromJson<T extends PgTable>(table: T, json: unknown): T['$inferSelect'][] {
  if (!Array.isArray(json)) throw new Error(`rowsFromJson: expected a JSON array, got ${typeof json}`);
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  return json.map((raw: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}
