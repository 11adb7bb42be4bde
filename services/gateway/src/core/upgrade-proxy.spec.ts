import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { closeFrame, FrameBoundary, upgradeProxy } from './upgrade-proxy';

/** a server frame (unmasked) with a payload of n bytes */
function frame(n: number, opcode = 0x1): Buffer {
  const head = n < 126 ? Buffer.from([0x80 | opcode, n]) : n < 65536 ? Buffer.from([0x80 | opcode, 126, n >> 8, n & 0xff]) : Buffer.concat([Buffer.from([0x80 | opcode, 127]), (() => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(n));
    return b;
  })()]);
  return Buffer.concat([head, Buffer.alloc(n, 0x61)]);
}
const handshake = Buffer.from('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');

/** the stream cut into chunks at the given offsets: at the end of each chunk, between two frames or not */
function boundaries(stream: Buffer, cuts: number[]): boolean[] {
  const fb = new FrameBoundary();
  const out: boolean[] = [];
  let from = 0;
  for (const to of [...cuts, stream.length]) {
    out.push(fb.feed(stream.subarray(from, to)));
    from = to;
  }
  return out;
}

describe('FrameBoundary: where the gateway may put its own close frame in a service’s stream', () => {
  const two = Buffer.concat([handshake, frame(5), frame(300)]);
  it.each([
    ['inside the handshake', handshake, [10], [false, true]],
    ['the handshake and a frame in one chunk', Buffer.concat([handshake, frame(5)]), [], [true]],
    ['a frame cut in its payload', Buffer.concat([handshake, frame(5)]), [handshake.length + 4], [false, true]],
    ['a frame cut in its header', Buffer.concat([handshake, frame(5)]), [handshake.length + 1], [false, true]],
    ['a 16-bit length cut in its extended length', two, [handshake.length + 7 + 2], [false, true]],
    ['between two frames', two, [handshake.length + 7], [true, true]],
    ['a 64-bit length', Buffer.concat([handshake, frame(70_000, 0x2)]), [handshake.length + 10, handshake.length + 40_000], [false, false, true]],
    ['the handshake’s blank line cut in two', Buffer.concat([handshake, frame(1)]), [handshake.length - 2], [false, true]],
  ] as [string, Buffer, number[], boolean[]][])('%s', (_name, stream, cuts, expected) => {
    expect(boundaries(stream, cuts)).toEqual(expected);
  });

  it('closeFrame: opcode 8, the code and the reason', () => {
    expect([...closeFrame(1012, 'restart')]).toEqual([0x88, 9, 0x03, 0xf4, ...Buffer.from('restart')]);
  });
});

describe('upgradeProxy: a service that cannot be reached', () => {
  it('answers 503 with Retry-After (the client opens the socket again), not 502', async () => {
    // a port that was free a moment ago: nothing listens there
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const errors: string[] = [];
    const server = http.createServer();
    server.on('upgrade', upgradeProxy({ routes: [{ path: '/ws/presentation', target: `http://127.0.0.1:${deadPort}` }], peerTrusted: () => false, allowXOrg: false, onError: (m) => errors.push(m) }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status?: number; retryAfter?: string }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/presentation?token=t`);
        ws.on('unexpected-response', (_req, res) => {
          resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined });
          ws.terminate();
        });
        ws.on('open', () => reject(new Error('opened')));
        ws.on('error', () => undefined);
      });
      expect(answer).toEqual({ status: 503, retryAfter: '1' });
      expect(errors).toEqual([expect.stringContaining('websocket upstream /ws/presentation: connect ECONNREFUSED')]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
