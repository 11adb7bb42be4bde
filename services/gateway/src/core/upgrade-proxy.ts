import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { isDraining, onDrain } from '@app/platform';
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

/**
 * Where a server-to-client WebSocket byte stream stands: in the HTTP response (101) that opens it, inside a frame,
 * or between two frames, where the gateway may put a frame of its own (a close) without cutting one in two.
 */
export class FrameBoundary {
  private inHandshake = true;
  private tail = Buffer.alloc(0);
  private header: number[] = [];
  private remaining = 0;

  /** read a chunk of the stream; true when it ends between two frames */
  feed(chunk: Buffer): boolean {
    let i = 0;
    if (this.inHandshake) {
      const seen = Buffer.concat([this.tail, chunk]);
      const end = seen.indexOf('\r\n\r\n');
      if (end < 0) {
        this.tail = seen.subarray(Math.max(0, seen.length - 3));
        return false;
      }
      this.inHandshake = false;
      i = end + 4 - this.tail.length;
    }
    while (i < chunk.length) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, chunk.length - i);
        this.remaining -= n;
        i += n;
        continue;
      }
      this.header.push(chunk[i++]);
      if (this.header.length < 2) continue;
      const len7 = this.header[1] & 0x7f;
      const ext = len7 === 126 ? 2 : len7 === 127 ? 8 : 0;
      if (this.header.length < 2 + ext + (this.header[1] & 0x80 ? 4 : 0)) continue;
      const h = Buffer.from(this.header);
      this.remaining = ext === 0 ? len7 : ext === 2 ? h.readUInt16BE(2) : Number(h.readBigUInt64BE(2));
      this.header = [];
    }
    return this.atBoundary;
  }

  get atBoundary(): boolean {
    return !this.inHandshake && this.remaining === 0 && this.header.length === 0;
  }
}

/** a server's close frame (unmasked): code and a short reason */
export function closeFrame(code: number, reason: string): Buffer {
  const text = Buffer.from(reason.slice(0, 100));
  return Buffer.concat([Buffer.from([0x88, 2 + text.length, code >> 8, code & 0xff]), text]);
}

/** the sockets this process passes on: told to reconnect (1012) when it drains */
const tunnels = new Set<{ close(): Promise<void> }>();
let drainHooked = false;
const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * WebSocket upgrades on the gateway's origin, passed to the service that owns them (presentation rooms): the
 * browser talks to one origin, and the gateway names the host's organization in `x-boardroom-org` (with the same
 * trusted-proxy rules as for HTTP). The service still authenticates the socket itself. Only the routes' exact
 * paths are taken; other upgrades are left to other listeners. URLs are never logged: they carry tokens.
 */
export function upgradeProxy(o: UpgradeProxyOptions) {
  if (!drainHooked) {
    drainHooked = true;
    // graceful shutdown: each browser is told to reconnect (1012 "service restart") between two of the service's
    // frames, and joins again through another gateway process
    onDrain('sockets', () => Promise.all([...tunnels].map((t) => t.close())));
  }
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (req.url ?? '').split('?')[0];
    const route = o.routes.find((r) => r.path === path);
    if (!route) return;
    if (isDraining()) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n');
      return;
    }
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
    let connected = false;
    upstream.on('error', (e) => {
      o.onError(`websocket upstream ${route.path}: ${e.message}`);
      // the service could not be reached (restarting, not there yet): 503 with Retry-After, as a draining gateway
      // answers, so that the client opens the socket again; a failure after the handshake just ends the socket
      if (!connected && socket.writable) socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n');
      else socket.destroy();
    });
    const frames = new FrameBoundary();
    let closeWanted: (() => void) | null = null;
    let closed = false;
    const closeClient = () => {
      if (closed) return;
      closed = true;
      upstream.destroy();
      if (frames.atBoundary && socket.writable) {
        socket.end(closeFrame(1012, 'server restarting'));
        // the client answers the close and closes its side; one that does not is cut after a second
        setTimeout(() => socket.destroy(), 1000).unref();
      } else socket.destroy();
    };
    const tunnel = {
      close: () =>
        new Promise<void>((resolve) => {
          closeWanted = () => {
            closeClient();
            resolve();
          };
          if (frames.atBoundary) return closeWanted();
          // in the middle of a frame (or of the handshake): the next boundary, or give up after a second
          setTimeout(() => closeWanted?.(), 1000).unref();
        }),
    };
    tunnels.add(tunnel);
    upstream.once('connect', () => {
      connected = true;
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      socket.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => {
        if (closed) return;
        if (!socket.write(chunk)) upstream.pause();
        if (frames.feed(chunk) && closeWanted) closeWanted();
      });
      socket.on('drain', () => upstream.resume());
    });
    socket.on('close', () => {
      tunnels.delete(tunnel);
      upstream.destroy();
    });
    upstream.on('close', () => {
      tunnels.delete(tunnel);
      // what the service wrote last (its close frame) is written before the socket ends
      if (!closed) socket.end();
    });
  };
}
