import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { api, createTestOrg, login, openEvent, testEnv, waitFor, type ApiClient, type TestOrg } from '@app/testing';

export const env = testEnv();
export const GATEWAY = env.TEST_GATEWAY_URL;

/** A fresh organization and its administrator's API client. */
export async function orgWithAdmin(opts: Parameters<typeof createTestOrg>[1] = {}): Promise<{ org: TestOrg; admin: ApiClient; token: string; anon: ApiClient }> {
  const org = await createTestOrg(env.NATS_URL, opts);
  const token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
  return { org, token, admin: api(GATEWAY, { org: org.slug, token }), anon: api(GATEWAY, { org: org.slug }) };
}

/**
 * Listens to a domain event subject on NATS (JetStream publishes are ordinary NATS messages too), so a
 * test can read the token an e-mail would carry.
 */
export class EventTap {
  private readonly seen: { payload: Record<string, unknown> }[] = [];
  private constructor(private readonly nc: NatsConnection, private readonly sub: Subscription) {}

  static async open(subject: string): Promise<EventTap> {
    const nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, ''), name: 'api-test-tap' });
    const sub = nc.subscribe(subject);
    const tap = new EventTap(nc, sub);
    (async () => {
      for await (const m of sub) {
        tap.seen.push(openEvent(m.data));
      }
    })().catch(() => undefined);
    await nc.flush();
    return tap;
  }

  async next(match: (p: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const hit = await waitFor('the event', () => this.seen.find((e) => match(e.payload)), timeoutMs, 50);
    return hit.payload;
  }

  async close(): Promise<void> {
    this.sub.unsubscribe();
    await this.nc.drain().catch(() => undefined);
  }
}

/** A tiny valid PNG (1×1). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
