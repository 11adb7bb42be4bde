/**
 * A decision's deadline reminder goes to whoever has not voted when it fires: the notification service asks the
 * meeting service then (ListPendingVoters over NATS, as the reminder job does), instead of rewriting a recipient
 * list per vote. Here the real meeting service answers: voters who vote, in an open and a secret ballot, drop out
 * of the answer; an ended decision and a missing one have nobody pending.
 */
import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ListPendingVoters } from '@app/contracts';
import { Bus, createRootLogger, PlatformModule } from '@app/platform';
import { api } from '@app/testing';
import { env, expectOk, GATEWAY, scheduled, serverDate, tokenOf, world, closeRedis, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

describe('who has not voted (ListPendingVoters, asked by the deadline reminder when it fires)', () => {
  let asker: INestApplicationContext;
  let w: World;
  const ask = (decisionId: number) => asker.get(Bus).request(ListPendingVoters, { orgId: w.org.orgId, decisionId });
  const pending = async (decisionId: number) => (await ask(decisionId)).emails.sort();
  const vote = (who: World['m1'], d: { id: number }, v: string) => who.c.post(`/decisions/${d.id}/vote/change`, { id: d.id, vote: v });

  beforeAll(async () => {
    createRootLogger('test', 'error');
    @Module({ imports: [PlatformModule.forRoot({ service: 'notification-test', config: { SERVICE_NAME: 'notification-test', NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 10_000 } })] })
    class Asker {}
    asker = await NestFactory.createApplicationContext(Asker, { logger: false });
    await asker.init();
    w = await world();
  });

  afterAll(async () => {
    await asker?.close();
    closeRedis();
  });

  it.each(['open', 'secret'])('%s ballot: a voter who voted is no longer pending; the others and a guest are', async (ballot) => {
    const guest = `pending-guest-${ballot}-${Date.now()}@example.test`;
    const m = await scheduled(w);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: guest }));
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: `Pending ${ballot}`, deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId, guest], ballot }));
    expect(await pending(d.id)).toEqual([w.m1.email, w.m2.email, guest].map((e) => e.toLowerCase()).sort());

    expectOk(await vote(w.m1, d, 'Approved'));
    expect(await pending(d.id)).toEqual([w.m2.email, guest].map((e) => e.toLowerCase()).sort());

    // the guest is named with the path of their own page (their link made again), which opens it without an account
    const { guests } = await ask(d.id);
    expect(guests).toEqual([{ email: guest.toLowerCase(), link: expect.stringMatching(new RegExp(`^/meeting/${m.id}\\?token=[A-Za-z0-9_-]{43}$`)) }]);
    const asGuest = await api(GATEWAY, { org: w.org.slug }).get(`/meeting/guest/${tokenOf(guests[0].link!)}`);
    expect(asGuest.status).toBe(200);
  });

  it('an ended decision and an unknown one have nobody pending', async () => {
    const m = await scheduled(w);
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Ended', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId] }));
    expect(await pending(d.id)).toHaveLength(2);
    expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    expect(await pending(d.id)).toEqual([]);
    expect(await pending(2_000_000_000)).toEqual([]);
  });
});
