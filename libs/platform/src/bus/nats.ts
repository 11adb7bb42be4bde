import { connect, NatsConnection } from '@nats-io/transport-node';
import { logger } from '../logger';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/**
 * Connect as the service's own NATS user when it has one (NATS_USER/NATS_PASSWORD). Replies come back on
 * `_INBOX.<service>.…`, the only inbox its user may read (scripts/lib/identities.ts).
 */
export async function connectNats(url: string, name: string, auth: { user?: string; pass?: string } = {}): Promise<NatsConnection> {
  const credentials = auth.user ? { user: auth.user, pass: auth.pass } : {};
  const nc = await connect({ servers: url.replace(/^nats:\/\//, ''), name, maxReconnectAttempts: -1, reconnectTimeWait: 500, inboxPrefix: `_INBOX.${name}`, ...credentials });
  (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') logger().warn({ nats: s.type }, 'nats status');
    }
  })().catch((err: unknown) => logger().warn({ err }, 'nats status stream ended'));
  return nc;
}
