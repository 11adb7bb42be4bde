import { connect, NatsConnection } from '@nats-io/transport-node';
import { logger } from '../logger';
import { natsTlsOptions, type TlsCa } from '../tls';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/**
 * Connect as the service's own NATS user when it has one (NATS_USER/NATS_PASSWORD). Replies come back on
 * `_INBOX.<service>.…`, the only inbox its user may read (scripts/lib/identities.ts).
 */
export async function connectNats(url: string, name: string, auth: { user?: string; pass?: string } = {}, ca?: TlsCa): Promise<NatsConnection> {
  const credentials = auth.user ? { user: auth.user, pass: auth.pass } : {};
  // tls://: TLS required, the server's certificate checked against the CA (TLS_CA_FILE; tls.ts).
  // noAsyncTraces: the client no longer builds an Error (a captured stack) for every request and its timer in case
  // the request fails: 5 % of the gateway's CPU in a vote burst (docs/performance.md, P2). A failed request still
  // rejects with the client's RequestError or TimeoutError (Bus turns either into RPC_TIMEOUT); only the caller's
  // frames are missing from its stack.
  const nc = await connect({ ...natsTlsOptions(url, ca), name, maxReconnectAttempts: -1, reconnectTimeWait: 500, inboxPrefix: `_INBOX.${name}`, noAsyncTraces: true, ...credentials });
  (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') logger().warn({ nats: s.type }, 'nats status');
    }
  })().catch((err: unknown) => logger().warn({ err }, 'nats status stream ended'));
  return nc;
}
