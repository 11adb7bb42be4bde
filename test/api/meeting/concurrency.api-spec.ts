/**
 * Concurrency through the gateway: 200 signed-in voters voting at the same moment on one decision end
 * with exactly 200 votes and the right tallies; one voter's 20 simultaneous changes leave exactly one
 * vote (the unique key (org_id, decision_id, voter) and an upsert).
 */
import { api } from '@app/testing';
import { GATEWAY, closeRedis, expectOk, scheduled, serverDate, sessionFor, world, env, type World } from './helpers';
import { createTestUser, requireConcurrentDatabase, uniqueSlug } from '@app/testing';

jest.setTimeout(180_000);

let w: World;
afterAll(() => closeRedis());

async function inBatches<T, R>(items: T[], size: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

describe('200 voters at once', () => {
  it('ends with exactly 200 votes and the right tallies', async () => {
    requireConcurrentDatabase('200 voters at once');
    w = await world();
    const voters = await inBatches(Array.from({ length: 200 }, (_, i) => i), 20, async (i) => {
      const u = await createTestUser(env.NATS_URL, w.org.orgId, { name: `Voter ${i}`, email: `voter${i}.${uniqueSlug('v')}@example.test` });
      const token = await sessionFor(w.org.orgId, u.userId);
      return { ...u, c: api(GATEWAY, { org: w.org.slug, token }) };
    });
    const m = await scheduled(w);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: voters.map((v) => v.userId) }));
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Everyone votes', deadline: serverDate(10), voters: voters.map((v) => v.userId) }));
    expect(d.total_voters).toBe(200);

    // 120 Approved, 50 Denied, 30 Abstained — all sent at once
    const choice = (i: number) => (i < 120 ? { vote: 'Approved' } : i < 170 ? { vote: 'Denied', reason: `reason ${i}` } : { vote: 'Abstained' });
    const answers = await Promise.all(voters.map((v, i) => v.c.post(`/decisions/${d.id}/vote/change`, { id: d.id, ...choice(i) })));
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    // each answer is the summary and the voter's own row, not the 200-voter list
    answers.forEach((a, i) => {
      expect(a.body.data.voter).toMatchObject({ user_id: voters[i].userId, vote: choice(i).vote, can_change: true });
      expect(a.body.data).toMatchObject({ total_voters: 200, my_vote: choice(i).vote });
      expect(a.body.data.voters).toBeUndefined();
    });

    const after = expectOk(await w.chair.c.get(`/decisions/${d.id}`));
    expect(after.total_voters).toBe(200);
    expect(after.voters).toHaveLength(200);
    expect(new Set(after.voters.map((v: any) => v.user_id)).size).toBe(200);
    const t = Object.fromEntries(after.tallies.map((x: any) => [x.vote, [x.count, x.percentage]]));
    expect(t).toEqual({ Approved: [120, 60], Denied: [50, 25], Abstained: [30, 15], Pending: [0, 0], Others: [0, 0] });
    const byUser = new Map(after.voters.map((v: any) => [v.user_id, v]));
    voters.forEach((v, i) => expect((byUser.get(v.userId) as any).vote).toBe(choice(i).vote));
  });

  it("one voter's 20 simultaneous vote changes leave exactly one vote", async () => {
    requireConcurrentDatabase('20 simultaneous vote changes');
    const m = await scheduled(w);
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Hesitant voter', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId] }));
    const values = ['Approved', 'Denied', 'Abstained', 'Others'];
    const sent = Array.from({ length: 20 }, (_, i) => values[i % values.length]);
    const answers = await Promise.all(sent.map((vote, i) => w.m1.c.post(`/decisions/${d.id}/vote/change`, { vote, reason: `r${i}` })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const after = expectOk(await w.chair.c.get(`/decisions/${d.id}`));
    const mine = after.voters.filter((v: any) => v.user_id === w.m1.userId);
    expect(mine).toHaveLength(1);
    expect(values).toContain(mine[0].vote);
    expect(after.total_voters).toBe(2);
    expect(after.tallies.reduce((s: number, x: any) => s + x.count, 0)).toBe(2);
    expect(after.tallies.find((x: any) => x.vote === 'Pending').count).toBe(1);
  });
});
