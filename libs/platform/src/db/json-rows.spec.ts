import { sql } from 'drizzle-orm';
import { PgDialect, bigint, boolean, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonRowsColumn, rowsFromJson } from './json-rows';

const s = pgSchema('sample');
const things = s.table('things', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  rowNum: integer('row_num').notNull(),
  title: text('title').notNull(),
  done: boolean('is_done').notNull(),
  extra: jsonb('extra'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

describe('rowsFromJson: a JSON array of rows keyed by column name, read back as drizzle reads the table', () => {
  it.each([
    ['an empty array', [], []],
    [
      'column names to drizzle keys, a JSON timestamp to a Date, a bigint as a number',
      [{ id: 7, row_num: 2, title: 'A', is_done: true, extra: { k: [1] }, created_at: '2026-11-28T02:33:35.099123+00:00' }],
      [{ id: 7, rowNum: 2, title: 'A', done: true, extra: { k: [1] }, createdAt: new Date('2026-11-28T02:33:35.099Z') }],
    ],
    [
      'a bigint PostgreSQL sent as a string, a timestamp in another zone, nulls kept',
      [{ id: '9007199254740991', row_num: 1, title: 'B', is_done: false, extra: null, created_at: '2026-11-28T06:33:35+04:00' }],
      [{ id: 9007199254740991, rowNum: 1, title: 'B', done: false, extra: null, createdAt: new Date('2026-11-28T02:33:35Z') }],
    ],
    [
      'a column missing from the JSON reads as null; a key the table does not have is dropped',
      [{ id: 1, row_num: 1, title: 'C', is_done: false, created_at: '2026-01-01T00:00:00+00:00', stray: 1 }],
      [{ id: 1, rowNum: 1, title: 'C', done: false, extra: null, createdAt: new Date('2026-01-01T00:00:00Z') }],
    ],
  ])('%s', (_name, json, rows) => {
    expect(rowsFromJson(things, json)).toEqual(rows);
  });

  it('refuses anything but an array', () => {
    expect(() => rowsFromJson(things, { id: 1 })).toThrow('expected a JSON array');
    expect(() => rowsFromJson(things, null)).toThrow('expected a JSON array');
  });
});

describe('jsonRowsColumn: one table\'s rows as a JSON array column', () => {
  it('aggregates select * of the table under the filter, in the given order, and answers [] for no rows', () => {
    const q = new PgDialect().sqlToQuery(jsonRowsColumn(things, sql`${things.rowNum} > ${1}`, [things.rowNum, things.id]));
    expect(q.sql).toBe(
      `coalesce((select json_agg(r order by r."row_num", r."id") from (select * from "sample"."things" where "sample"."things"."row_num" > $1) r), '[]'::json)`,
    );
    expect(q.params).toEqual([1]);
  });
});

describe('jsonRowsColumn with a descending order and a limit', () => {
  it('takes the first rows in that order inside, and keeps the order in the array', () => {
    const q = new PgDialect().sqlToQuery(jsonRowsColumn(things, sql`${things.title} = ${'x'}`, [{ column: things.id, desc: true }], 50));
    expect(q.sql).toBe(
      `coalesce((select json_agg(r order by r."id" desc) from (select * from "sample"."things" where "sample"."things"."title" = $1 order by "id" desc limit 50) r), '[]'::json)`,
    );
  });
});
