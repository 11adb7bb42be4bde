import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { textFrame, wireFrames, writeFrames } from './wire';

/** ws's own parser (what every browser-like client does): the frames it reads from `bytes` */
function parse(bytes: Buffer): Promise<string[]> {
  const { Receiver } = WebSocket as unknown as {
    Receiver: new (o: object) => NodeJS.WritableStream & { on(e: 'message', f: (d: Buffer, binary: boolean) => void): void; on(e: 'error', f: (e: Error) => void): void };
  };
  const r = new Receiver({ isServer: false, maxPayload: 0 });
  const got: string[] = [];
  return new Promise((resolve, reject) => {
    r.on('message', (d, binary) => got.push(`${binary ? 'binary' : 'text'}:${d.toString()}`));
    r.on('error', reject);
    r.write(bytes, () => resolve(got));
  });
}

describe('textFrame', () => {
  // the three header sizes of RFC 6455 §5.2 and their edges
  const cases = [
    { name: 'empty', length: 0, header: 2 },
    { name: '125 bytes: 7-bit length', length: 125, header: 2 },
    { name: '126 bytes: 16-bit length', length: 126, header: 4 },
    { name: '65,535 bytes: 16-bit length', length: 65_535, header: 4 },
    { name: '65,536 bytes: 64-bit length', length: 65_536, header: 10 },
  ];
  it.each(cases)('$name', async ({ length, header }) => {
    const text = 'x'.repeat(length);
    const bytes = textFrame(Buffer.from(text));
    expect(bytes.length).toBe(header + length);
    expect(bytes[0]).toBe(0x81);
    expect(await parse(bytes)).toEqual([`text:${text}`]);
  });

  it('keeps UTF-8 as it is (Arabic)', async () => {
    const text = JSON.stringify({ note: 'مرحبا بالعالم' });
    expect(await parse(textFrame(Buffer.from(text)))).toEqual([`text:${text}`]);
  });
});

describe('writeFrames over a real ws connection', () => {
  let wss: WebSocketServer;
  let server: Promise<WebSocket>;
  let client: WebSocket;
  const received: string[] = [];

  beforeEach(async () => {
    received.length = 0;
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    await new Promise((r) => wss.once('listening', r));
    server = new Promise((r) => wss.once('connection', r));
    client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`, { perMessageDeflate: false });
    client.on('message', (d, binary) => received.push(`${binary ? 'binary' : 'text'}:${d.toString()}`));
    await new Promise((r) => client.once('open', r));
  });
  afterEach(async () => {
    client.terminate();
    await new Promise((r) => wss.close(r));
  });

  const until = async (n: number) => {
    for (let i = 0; i < 200 && received.length < n; i++) await new Promise((r) => setTimeout(r, 5));
  };

  it('the client reads prepared frames, in order, between frames ws sends itself', async () => {
    const ws = await server;
    const big = 'y'.repeat(70_000);
    ws.send('first');
    writeFrames(ws, wireFrames(['{"a":1}', big]));
    ws.send('last');
    await until(4);
    expect(received).toEqual(['text:first', 'text:{"a":1}', `text:${big}`, 'text:last']);
  });

  it('the same prepared bytes serve many sockets', async () => {
    const ws = await server;
    const frames = wireFrames(['{"slide":3}']);
    writeFrames(ws, frames);
    writeFrames(ws, frames);
    await until(2);
    expect(received).toEqual(['text:{"slide":3}', 'text:{"slide":3}']);
  });

  it('a socket whose ws sender has frames queued gets ours behind them (through ws.send)', async () => {
    const ws = await server;
    const inner = ws as unknown as { _sender: { _queue: unknown[] }; send: WebSocket['send'] };
    // hold a frame in ws's queue as a deflate in progress would
    const queued: unknown[] = [];
    inner._sender._queue = queued;
    queued.push('placeholder');
    const sent: string[] = [];
    const realSend = ws.send.bind(ws);
    inner.send = ((d: Buffer) => sent.push(d.toString())) as unknown as WebSocket['send'];
    writeFrames(ws, wireFrames(['{"b":2}']));
    expect(sent).toEqual(['{"b":2}']);
    queued.length = 0;
    inner.send = realSend;
    writeFrames(ws, wireFrames(['{"c":3}']));
    await until(1);
    expect(received).toEqual(['text:{"c":3}']);
  });
});
