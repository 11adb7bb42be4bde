import 'reflect-metadata';
import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { ExtractFileText } from '@app/contracts';
import { Jobs, PlatformModule } from '@app/platform';
import { serviceDatabase, testEnv } from '@app/testing';
import { LibraryDb } from '../src/common/library-db';
import { loadLibraryConfig, type LibraryConfig } from '../src/config';
import { items } from '../src/db/schema';
import { libraryTables } from '../src/db/tables';
import { FileTextRepository } from '../src/repositories/file-text.repository';
import { LibraryRepository } from '../src/repositories/library.repository';
import { textJobId } from '../src/rules/text';
import { TextProcessor } from '../src/viewers/text.processor';

/**
 * The start-up backfill of file text (docs/search.md#text-inside-files) against the real PostgreSQL (the library's
 * own role, row-level security forced) and the real BullMQ queue: files of two organizations whose text is `none` or
 * `pending` get their `library-text` job, once (the job id is the version's); files already read, files without
 * text (audio) and folders do not. The backfill's cross-organization read sees nothing without its scope, and its
 * scope writes nothing.
 */
jest.setTimeout(60_000);
const env = testEnv();
const db = serviceDatabase('library');

let config: LibraryConfig;
@Module({})
class TestModule {
  static register(): DynamicModule {
    return {
      module: TestModule,
      // produces the job only: no worker here takes what the backfill adds
      imports: [PlatformModule.forRoot({ service: 'library', config, db: { schema: libraryTables }, queues: { produces: [ExtractFileText] } })],
      providers: [LibraryDb, LibraryRepository, FileTextRepository],
    };
  }
}

describe('file text backfill (real PostgreSQL and BullMQ)', () => {
  let app: INestApplicationContext;
  let libraryDb: LibraryDb;
  let jobs: Jobs;
  let backfill: TextProcessor;
  const orgA = randomUUID();
  const orgB = randomUUID();
  const made: { orgId: string; id: number; version: number; name: string }[] = [];

  const add = async (orgId: string, name: string, v: Partial<typeof items.$inferInsert>) => {
    const [row] = await libraryDb.tenant(orgId, (s) =>
      s.tx.insert(items).values({ orgId, name, isFolder: false, ownerId: 1, ownerName: 'Ann', kind: 'pdf', mime: 'application/pdf', extension: 'pdf', ...v }).returning(),
    );
    made.push({ orgId, id: row.id, version: row.version, name });
    return row;
  };
  const jobOf = (r: { orgId: string; id: number; version: number }) => jobs.queue(ExtractFileText.queue).getJob(textJobId(r.orgId, r.id, r.version));

  beforeAll(async () => {
    config = loadLibraryConfig({ ...process.env, ...env, DATABASE_URL: db.url, DATABASE_SET_ROLE: db.setRole, HTTP_PORT: '0', LOG_LEVEL: 'warn' });
    app = await NestFactory.createApplicationContext(TestModule.register(), { logger: false });
    await app.init();
    libraryDb = app.get(LibraryDb);
    jobs = app.get(Jobs);
    // the processor's backfill only reads the database and adds jobs: the sandbox and storage are not reached
    backfill = new TextProcessor(libraryDb, app.get(LibraryRepository), app.get(FileTextRepository), undefined as never, undefined as never, jobs, undefined as never, config);
  });

  afterAll(async () => {
    for (const r of made) await (await jobOf(r))?.remove().catch(() => undefined);
    for (const orgId of [orgA, orgB]) {
      const ids = made.filter((r) => r.orgId === orgId).map((r) => r.id);
      if (ids.length) await libraryDb.tenant(orgId, (s) => s.tx.delete(items).where(inArray(items.id, ids)));
    }
    await app?.close();
  });

  it('adds a job for each file of any organization whose text is none or pending, once; none for the rest', async () => {
    const waiting = [
      await add(orgA, 'old.pdf', { textStatus: 'none' }),
      await add(orgA, 'lost.docx', { kind: 'word', extension: 'docx', textStatus: 'pending', version: 3 }),
      await add(orgB, 'mail.eml', { kind: 'email', extension: 'eml', textStatus: 'none' }),
    ];
    const skipped = [
      await add(orgA, 'read.pdf', { textStatus: 'done', textPages: 2 }),
      await add(orgB, 'broken.pdf', { textStatus: 'failed' }),
      await add(orgB, 'memo.mp3', { kind: 'audio', extension: 'mp3', textStatus: 'none' }),
      await add(orgB, 'Folder', { isFolder: true, kind: null, mime: null, extension: null }),
    ];
    const n = await backfill.backfill();
    expect(n).toBeGreaterThanOrEqual(waiting.length);
    for (const r of waiting) {
      const job = await jobOf({ orgId: r.orgId, id: r.id, version: r.version });
      expect(job).toBeDefined();
      expect(job!.name).toBe(ExtractFileText.name);
      expect(job!.data.orgId).toBe(r.orgId);
    }
    for (const r of skipped) expect(await jobOf({ orgId: r.orgId, id: r.id, version: r.version })).toBeUndefined();

    // a second start adds nothing new: each version's job id is already there
    const first = await jobOf(waiting[0]);
    await backfill.backfill();
    const again = await jobOf(waiting[0]);
    expect(again!.timestamp).toBe(first!.timestamp);
  });

  it('the cross-organization read needs its scope, and its scope writes nothing', async () => {
    const r = await add(orgA, 'scoped.pdf', { textStatus: 'pending' });
    // no organization and no scope: row-level security shows nothing
    expect(await libraryDb.unsafeGlobal((tx) => tx.select({ id: items.id }).from(items).where(eq(items.id, r.id)))).toEqual([]);
    const changed = await libraryDb.unsafeGlobal(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.scope', 'text-backfill', true)`);
      const seen = await tx.select({ id: items.id }).from(items).where(eq(items.id, r.id));
      const updated = await tx.update(items).set({ textStatus: 'done' }).where(eq(items.id, r.id)).returning({ id: items.id });
      return { seen, updated };
    });
    expect(changed).toEqual({ seen: [{ id: r.id }], updated: [] });
    const [after] = await libraryDb.tenant(orgA, (s) => s.tx.select({ textStatus: items.textStatus }).from(items).where(eq(items.id, r.id)));
    expect(after.textStatus).toBe('pending');
  });
});
