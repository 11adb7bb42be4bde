import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { defineRpc, zServiceSearchReply, zServiceSearchRequest, zTenant, type SearchGroup, type SearchHit } from '@app/contracts';
import { Bus, PlatformModule } from '@app/platform';
import { testEnv } from '@app/testing';
import { searchSources, type SearchSource } from '../src/search/search-fanout';

/**
 * The search box's fan-out (docs/search.md#when-a-service-does-not-answer) over a real NATS: the gateway's
 * `searchSources` asks three sources on subjects of this test; one answers, one has no process listening (as when
 * the service is down), one answers an error. The answer has the first's groups and names the others' kinds in
 * `missing`; when every source asked fails, the failure is thrown (the route's 508), not an empty answer.
 */
const env = testEnv();
const owner = `fanout${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
const rpc = (verb: string) => defineRpc({ subject: `${owner}.v1.${verb}`, request: zTenant.extend(zServiceSearchRequest), response: zServiceSearchReply, timeoutMs: 1500 });
const Answers = rpc('answers');
const Absent = rpc('absent');
const Fails = rpc('fails');

const hit = (id: number): SearchHit => ({
  kind: 'meeting', id, title: `Budget ${id}`, passage: { text: `Budget ${id}`, start: 0, end: 6 }, meeting_id: id, meeting_title: `Budget ${id}`, file_kind: null, page: null, date: null, text_index: null,
});

@Module({ imports: [PlatformModule.forRoot({ service: owner, config: { SERVICE_NAME: owner, NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 1500 } })] })
class TestModule {}

describe('search fan-out with a service down (real NATS)', () => {
  let app: INestApplicationContext;
  let bus: Bus;
  const asked: string[][] = [];
  const actor = { kind: 'user' as const, userId: 7, email: 'ann@example.test', name: 'Ann', roleId: null, isAdmin: false, permissions: [], guestToken: null };
  const req = { orgId: randomUUID(), actor, q: 'budget', limit: 20 };
  const sources: SearchSource[] = [
    { rpc: Answers, kinds: ['meeting', 'agenda_item'] },
    { rpc: Absent, kinds: ['minutes'] },
    { rpc: Fails, kinds: ['file'] },
  ];

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    bus = app.get(Bus);
    // the one source that answers: its groups as a service sends them (an empty group included)
    bus.handle(Answers, (r) => {
      asked.push(r.kinds);
      const groups: SearchGroup[] = [{ kind: 'agenda_item', items: [], has_more: false }, { kind: 'meeting', items: [hit(1), hit(2)], has_more: false }];
      // as a service does: only the kinds it was asked for
      return { groups: groups.filter((g) => r.kinds.includes(g.kind)) };
    });
    bus.handle(Fails, () => {
      throw new Error('the database went away');
    });
  });
  afterAll(() => app.close());

  it('answers what the others found and names the kinds of the sources that did not answer', async () => {
    const started = Date.now();
    const out = await searchSources(bus, sources, req);
    expect(out.groups.map((g) => [g.kind, g.items.map((i) => i.id)])).toEqual([['meeting', [1, 2]]]);
    expect(out.missing).toEqual(['minutes', 'file']);
    // no responder is known at once: the answer does not wait for a timeout
    expect(Date.now() - started).toBeLessThan(1500);
    expect(asked.at(-1)).toEqual(['meeting', 'agenda_item']);
  });

  it('asks only the sources the kind concerns: nothing missing when the one asked answers', async () => {
    const out = await searchSources(bus, sources, req, 'agenda_item');
    expect(out).toEqual({ groups: [], missing: [] });
    expect(asked.at(-1)).toEqual(['agenda_item']);
  });

  it('when every source asked fails, the failure is thrown (RPC_TIMEOUT for a service that is down)', async () => {
    await expect(searchSources(bus, sources, req, 'minutes')).rejects.toMatchObject({ code: 'RPC_TIMEOUT', status: 508 });
    await expect(searchSources(bus, sources, req, 'file')).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});
