import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { believedOrgHeaders, orgFromHost } from './request';

/** The header the gateway sets on a proxied WebSocket upgrade; a client's own copy is dropped. */
export const UPSTREAM_ORG_HEADER = 'x-boardroom-org';

export interface UpgradeRoute {
  /** exact path, e.g. /ws/presentation */
  path: string;
  /** http://host:port of the service that takes the socket */
  target: string;
}

export interface UpgradeProxyOptions {
  routes: UpgradeRoute[];
  /** is the direct peer a trusted proxy (the same rule as Express's `trust proxy`) */
  peerTrusted: (addr: string) => boolean;
  allowXOrg: boolean;
  onError: (message: string) => void;
}

const HOP_BY_HOP = new Set(['x-boardroom-org', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto']);
const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * WebSocket upgrades on the gateway's origin, passed to the service that owns them (presentation rooms): the
 * browser talks to one origin, and the gateway names the host's organization in `x-boardroom-org` (with the same
 * trusted-proxy rules as for HTTP). The service still authenticates the socket itself. Only the routes' exact
 * paths are taken; other upgrades are left to other listeners. URLs are never logged: they carry tokens.
 */
export function upgradeProxy(o: UpgradeProxyOptions) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (req.url ?? '').split('?')[0];
    const route = o.routes.find((r) => r.path === path);
    if (!route) return;
    const peer = req.socket.remoteAddress ?? '';
    const trusted = !!peer && o.peerTrusted(peer);
    const h = believedOrgHeaders(
      { host: header(req.headers.host), forwardedHost: header(req.headers['x-forwarded-host']), xOrg: header(req.headers['x-org']) },
      { peerTrusted: trusted, allowXOrg: o.allowXOrg },
    );
    const org = orgFromHost(h.host, h.xOrg);
    const target = new URL(route.target);
    const lines = [`${req.method ?? 'GET'} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i];
      if (!HOP_BY_HOP.has(name.toLowerCase())) lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
    if (org.slug) lines.push(`${UPSTREAM_ORG_HEADER}: ${org.slug}`);
    const forwardedFor = trusted ? header(req.headers['x-forwarded-for']) : undefined;
    lines.push(`x-forwarded-for: ${forwardedFor ? `${forwardedFor}, ${peer}` : peer}`);

    const upstream = net.connect(Number(target.port) || 80, target.hostname);
    upstream.setNoDelay(true);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', (e) => {
      o.onError(`websocket upstream ${route.path}: ${e.message}`);
      if (socket.writable) socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      else socket.destroy();
    });
    upstream.once('connect', () => {
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  };
}
