/**
 * P3's baseline: a bare `ws` server that sends every message it receives to every client, nothing else (no
 * sign-in, no room state, no NATS). Run as its own process, as the presentation service is.
 *   node -r @swc-node/register scripts/bench/raw-ws-broadcast.ts <port>
 */
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: Number(process.argv[2]), host: '127.0.0.1' });
wss.on('connection', (ws) => {
  // as the room answers a joiner with its history, the bare server says hello (the bench counts a joined socket on its first frame)
  ws.send('{"type":"hello"}');
  ws.on('message', (data) => {
    const text = data.toString();
    for (const c of wss.clients) if (c.readyState === c.OPEN) c.send(text);
  });
});
wss.on('listening', () => console.log('ready'));
for (const sig of ['SIGTERM', 'SIGINT'] as const) process.on(sig, () => wss.close(() => process.exit(0)));
