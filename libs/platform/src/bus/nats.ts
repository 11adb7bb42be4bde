import { connect, NatsConnection } from '@nats-io/transport-node';
import { logger } from '../logger';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  const nc = await connect({ servers: url.replace(/^nats:\/\//, ''), name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') logger().warn({ nats: s.type }, 'nats status');
    }
  })().catch((err: unknown) => logger().warn({ err }, 'nats status stream ended'));
  return nc;
}
