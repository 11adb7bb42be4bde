/**
 * The test OpenID provider (oidc-provider-main.ts) as a small process beside the running system, for the api
 * and browser tiers: resolves once it printed its issuer. Its output beyond that line goes to
 * .data/test/logs/oidc-provider-<pid>.log.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import type { TestOidcClient } from './oidc-provider';

const ROOT = path.resolve(__dirname, '../../..');

export interface OidcProviderProcess {
  issuer: string;
  /** the claims of an account (by login) from now on */
  setAccount(login: string, claims: Record<string, unknown>): Promise<void>;
  /** the requests the provider served so far (method and path) */
  served(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startOidcProviderProcess(opts: { clients: TestOidcClient[]; timeoutMs?: number }): Promise<OidcProviderProcess> {
  const logFile = path.join(ROOT, '.data', 'test', 'logs', `oidc-provider-${process.pid}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const err = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'libs/testing/src/oidc-provider-main.ts'], {
    cwd: ROOT,
    env: { ...process.env, OIDC_TEST_CONFIG: JSON.stringify({ clients: opts.clients }) },
    stdio: ['ignore', 'pipe', err],
  });
  fs.closeSync(err);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
  };
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the test OpenID provider did not start within ${opts.timeoutMs ?? 30_000} ms; see ${logFile}`)), opts.timeoutMs ?? 30_000);
    child.once('exit', (code) => reject(new Error(`the test OpenID provider stopped (exit ${code}); see ${logFile}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { issuer: string }).issuer);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }).catch(async (e: unknown) => {
    await stop();
    throw e;
  });
  // keep reading its output so the pipe never fills
  child.stdout!.resume();
  return {
    issuer,
    async setAccount(login, claims) {
      const r = await fetch(`${issuer}/__test/accounts/${encodeURIComponent(login)}`, { method: 'PUT', body: JSON.stringify(claims) });
      if (r.status !== 204) throw new Error(`setAccount answered ${r.status}`);
    },
    async served() {
      return (await (await fetch(`${issuer}/__test/served`)).json()) as string[];
    },
    stop,
  };
}
