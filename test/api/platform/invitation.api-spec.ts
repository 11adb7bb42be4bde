import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, jetstream } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { UserInvited, streamOf } from '@app/contracts';
import { api, createTestOrg, login, mailsTo, openEvent, pollUntil, testEnv, type ApiClient } from '@app/testing';

/**
 * Event -> job -> effect across services: a user invited through the API ends as exactly one invitation
 * e-mail in the SMTP catcher, even when JetStream delivers the event a second time.
 */
const env = testEnv();
jest.setTimeout(90_000);

describe('invitation e-mail: event -> job -> effect, exactly once', () => {
  let nc: NatsConnection;
  let client: ApiClient;
  let slug: string;

  beforeAll(async () => {
    nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, '') });
    const org = await createTestOrg(env.NATS_URL);
    slug = org.slug;
    const token = await login(env.TEST_GATEWAY_URL, slug, org.admin.email, org.admin.password);
    client = api(env.TEST_GATEWAY_URL, { org: slug, token });
  });
  afterAll(async () => {
    await nc?.drain();
  });

  it('creating a user sends one invitation, and a redelivered event sends nothing more', async () => {
    const roles = await client.get('/roles');
    expect(roles.status).toBe(200);
    const roleList = (Array.isArray(roles.body.data) ? roles.body.data : roles.body.data?.items ?? []) as { id: number; name: string }[];
    const role = roleList.find((r) => r.name !== 'Admin') ?? roleList[0];
    const email = `invitee-${randomUUID().slice(0, 8)}@${slug}.test`;

    const created = await client.post('/users', { name: 'Invited Person', email, phone: '5550100', role_id: role.id, team: 'Secretariat' });
    expect(created.status).toBe(200);

    const first = await pollUntil(() => mailsTo(email), (m) => m.length >= 1, 45_000);
    expect(first).toHaveLength(1);
    const body = `${first[0].text ?? ''} ${first[0].html ?? ''}`;
    expect(body).toContain(`${slug}.`);
    expect(body).toContain('/auth/complete-profile');

    // Deliver the same event again: republish the stored envelope under a new Nats-Msg-Id, so the stream
    // accepts it and the notification consumer receives it a second time.
    const jsm = await jetstreamManager(nc);
    const stream = streamOf(UserInvited.owner);
    const info = await jsm.streams.info(stream);
    let raw: Uint8Array | undefined;
    for (let seq = info.state.last_seq; seq > 0 && seq > info.state.last_seq - 500 && !raw; seq--) {
      const m = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (!m || m.subject !== UserInvited.subject) continue;
      const env_ = openEvent(m.data);
      if ((env_.payload as { recipient?: { email?: string } })?.recipient?.email === email) raw = m.data;
    }
    expect(raw).toBeDefined();
    // at rest in the stream the payload is ciphertext: neither the invitee nor the link's token is readable
    const text = new TextDecoder().decode(raw);
    expect(text).not.toContain(email);
    expect(text).not.toContain('complete-profile');
    expect(JSON.parse(text)).toMatchObject({ subject: UserInvited.subject, sealed: expect.stringMatching(/^v1\./) });
    const h = natsHeaders();
    await jetstream(nc).publish(UserInvited.subject, raw!, { msgID: randomUUID(), headers: h });

    await new Promise((r) => setTimeout(r, 4000));
    expect(await mailsTo(email)).toHaveLength(1);
  });
});
