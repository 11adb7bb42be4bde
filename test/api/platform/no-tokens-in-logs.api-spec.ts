import fs from 'node:fs';
import path from 'node:path';
import { runLogFiles, sleep } from '@app/testing';
import { EventTap, orgWithAdmin } from '../organization/helpers';

/**
 * Logs never print tokens (issue 9): a session token, an invitation token (in a path and in a body) and a guest
 * token (in a query string) go through the system, including failing requests; then every service log that
 * `npm test` writes is searched for them.
 */

describe('no token in the logs', () => {
  it('session, invitation and guest tokens appear in no service log', async () => {
    const ctx = await orgWithAdmin();
    const tap = await EventTap.open('organization.v1.user.invited');
    let invitation: string;
    try {
      const email = `logs-${Date.now()}@example.test`;
      const role = (await ctx.admin.get('/roles')).body.data.find((r: { builtin: string }) => r.builtin === 'member').id;
      expect((await ctx.admin.post('/users', { name: 'Log Check', email, phone: '5551234', role_id: role, team: 'Board' })).status).toBe(200);
      invitation = (await tap.next((p) => (p.recipient as { email: string }).email === email)).token as string;
      expect((await ctx.anon.get(`/namebytoken/${invitation}`)).status).toBe(200);
      // a failing completion logs an error path with the token in the body
      expect((await ctx.anon.post('/complete_profile', { token: invitation, email, password: 'short', password_confirmation: 'x' })).status).toBe(409);
    } finally {
      await tap.close();
    }
    const guest = 'g'.repeat(20) + Date.now().toString(36);
    expect((await ctx.anon.get(`/meeting/guest/${guest}`)).status).toBeGreaterThanOrEqual(400);
    expect((await ctx.anon.get(`/meetings/1?token=${guest}`)).status).toBeGreaterThanOrEqual(400);
    expect((await ctx.admin.get('/meetings/999999999')).status).toBe(404);
    await sleep(1500); // the services' stdout reaches the files

    // this run's logs only (TEST_LOG_DIR, written since the run started): a stale or empty folder fails here
    const files = runLogFiles();
    const leaks: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      for (const [name, secret] of [['session', ctx.token], ['invitation', invitation], ['guest', guest]] as const) {
        if (text.includes(secret)) leaks.push(`${path.basename(f)}: the ${name} token`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
