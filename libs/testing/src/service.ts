import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { sleep } from './wait';

const ROOT = path.resolve(__dirname, '../../..');

/** where a process a test starts writes its output: .data/test/logs/<name>-<pid of the test process>.log */
export const testLogFile = (name: string): string => path.join(ROOT, '.data', 'test', 'logs', `${name}-${process.pid}.log`);

export interface ServiceProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after 5 s */
  stop(): Promise<void>;
}

/** A loopback port with nothing listening on it (free to listen on, or to point a client at a closed port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Another service beside the one a suite tests, as its own process (`services/<name>/src/main.ts`, as
 * `npm start` runs it): a service's tests never import another service's code (lint). Resolves once it
 * answers GET /health; its output goes to `logFile` (default .data/test/logs/<name>-<pid>.log).
 */
export async function startServiceProcess(
  name: string,
  env: Record<string, string | undefined>,
  /** nodeArgs go before the entry (e.g. `--expose-gc`); ipc opens a channel to the child (`child.send`) */
  opts: { logFile?: string; timeoutMs?: number; nodeArgs?: string[]; ipc?: boolean } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const logFile = opts.logFile ?? testLogFile(name);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '-r', '@swc-node/register', `services/${name}/src/main.ts`], {
    cwd: ROOT,
    env: { ...env, HTTP_PORT: String(port) },
    stdio: opts.ipc ? ['ignore', out, out, 'ipc'] : ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exit ${code ?? signal}`));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
  };
  // TEST_SERVICE_START_MS: a loaded shared machine can need more than a minute to compile and start a service
  const timeoutMs = opts.timeoutMs ?? (Number(process.env.TEST_SERVICE_START_MS) || 60_000);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${name} stopped (${exited}) before it was ready; see ${logFile}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      // not listening yet: try again until the deadline
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer /health on ${port} within ${timeoutMs} ms; see ${logFile}`);
    }
    await sleep(250);
  }
  return { name, port, child, stop };
}
