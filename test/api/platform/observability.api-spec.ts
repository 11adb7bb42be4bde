import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { api, testEnv } from '@app/testing';

/** /health for probes, Prometheus /metrics, and the correlation id echoed on every answer. */
const env = testEnv();

/** GET `path` on an agent's socket; resolves with the status and the local port of the socket it used */
function getOn(agent: http.Agent, base: string, path: string): Promise<{ status: number; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, base), { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, localPort: req.socket?.localPort ?? 0 }));
    });
    req.on('error', reject);
  });
}

describe('observability', () => {
  it('an idle keep-alive connection is still served after 6 s (the server keeps idle sockets longer than clients do)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getOn(agent, env.TEST_GATEWAY_URL, '/health/live');
      await new Promise((r) => setTimeout(r, 6000)); // Node's default server keep-alive timeout is 5 s
      const second = await getOn(agent, env.TEST_GATEWAY_URL, '/health/live');
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.localPort).toBe(first.localPort); // the same socket: the server had not closed it
    } finally {
      agent.destroy();
    }
  });

  it('/health reports its dependencies', async () => {
    const r = await fetch(`${env.TEST_GATEWAY_URL}/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ok', checks: { nats: true, redis: true } });
  });

  it('/health/live answers from the process alone, /health/ready with its dependencies, neither under /api', async () => {
    const live = await fetch(`${env.TEST_GATEWAY_URL}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${env.TEST_GATEWAY_URL}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { nats: true, redis: true } });
    expect((await fetch(`${env.TEST_GATEWAY_URL}/api/health/live`)).status).toBe(404);
  });

  it('/metrics exposes HTTP and RPC figures in the Prometheus format', async () => {
    await api(env.TEST_GATEWAY_URL, { org: 'demo' }).get('/');
    const r = await fetch(`${env.TEST_GATEWAY_URL}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    const text = await r.text();
    expect(text).toMatch(/^# HELP http_request_duration_seconds/m);
    expect(text).toMatch(/rpc_client_duration_seconds_count\{[^}]*subject="organization\.v1\.resolve-org"/);
    expect(text).toMatch(/process_cpu_seconds_total\{service="gateway"\}/);
  });

  it('echoes the caller correlation id, or makes one', async () => {
    const id = randomUUID();
    const mine = await fetch(`${env.TEST_GATEWAY_URL}/api/`, { headers: { 'x-org': 'demo', 'x-correlation-id': id } });
    expect(mine.headers.get('x-correlation-id')).toBe(id);
    const made = await fetch(`${env.TEST_GATEWAY_URL}/api/`, { headers: { 'x-org': 'demo' } });
    expect(made.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
