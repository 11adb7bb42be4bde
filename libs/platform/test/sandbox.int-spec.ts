import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertSandboxAllowed, Sandbox, SandboxError, type SandboxRun } from '@app/platform';

/**
 * The sandbox every external program of the services runs in (libs/platform/src/process/sandbox.ts), with the real
 * bubblewrap (/usr/bin/bwrap): what the program sees of the environment, the network and the file system, and what
 * happens at its limits. Each test could fail: a program run without the sandbox sees the canary variable, reaches
 * the listener, reads the service's files, and its forked grandchild outlives the time limit.
 */
const sandbox = new Sandbox({ SANDBOX: 'bwrap', BWRAP_PATH: '/usr/bin/bwrap' });
const limits = { cpuSeconds: 10, memoryBytes: 512 * 1024 * 1024, fileBytes: 1024 * 1024 };
let dir: string;
const opts = (o: Partial<SandboxRun> = {}): SandboxRun => ({ workDir: dir, timeoutMs: 10_000, limits, ...o });
const failure = (p: Promise<unknown>): Promise<SandboxError> =>
  p.then(
    () => {
      throw new Error('the run succeeded');
    },
    (e: unknown) => {
      if (!(e instanceof SandboxError)) throw e;
      return e;
    },
  );

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sandbox-spec-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Sandbox (bwrap)', () => {
  it('starts here (bwrap is installed and can make namespaces)', async () => {
    await expect(sandbox.check(dir)).resolves.toBeUndefined();
  });

  it('gives the program an environment built from nothing: no variable of the service, no secret', async () => {
    process.env.SANDBOX_SPEC_CANARY_SECRET = 'do-not-leak-4f1c';
    try {
      const { stdout } = await sandbox.run('env', [], opts());
      const vars = Object.fromEntries(
        stdout
          .toString()
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      expect(stdout.toString()).not.toContain('do-not-leak-4f1c');
      expect(Object.keys(vars).sort()).toEqual(['HOME', 'LANG', 'LC_ALL', 'PATH', 'PWD', 'TMPDIR']);
      expect(vars.HOME).toBe(dir);
      expect(vars.PWD).toBe(dir);
    } finally {
      delete process.env.SANDBOX_SPEC_CANARY_SECRET;
    }
  });

  it('has no network: a listener on the host loopback gets no connection', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const e = await failure(sandbox.run('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`], opts()));
      expect(e.reason).toBe('exit');
      expect(e.message).toMatch(/Connection refused/);
      // the same command outside the sandbox does connect: the refusal above is the sandbox's
      const off = new Sandbox({ SANDBOX: 'off', BWRAP_PATH: '/usr/bin/bwrap' });
      await expect(off.run('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`], opts())).resolves.toMatchObject({ stdout: Buffer.from('connected\n') });
      await new Promise((r) => setTimeout(r, 200));
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it('shows only the system directories and its work directory: not the service, not /usr/share, not /etc', async () => {
    const { stdout } = await sandbox.run('bash', ['-c', `for p in ${process.cwd()}/package.json /usr/share/doc /etc/passwd /etc/hostname ${dir}; do [ -e "$p" ] && echo "yes $p" || echo "no $p"; done`], opts());
    expect(stdout.toString().trim().split('\n')).toEqual([`no ${process.cwd()}/package.json`, 'no /usr/share/doc', 'no /etc/passwd', 'no /etc/hostname', `yes ${dir}`]);
  });

  it('kills the whole sandbox at the time limit, a forked grandchild in a new session included', async () => {
    const late = path.join(dir, 'late');
    const started = Date.now();
    const e = await failure(sandbox.run('bash', ['-c', `setsid bash -c 'sleep 2; echo alive > ${late}' & sleep 60`], opts({ timeoutMs: 800 })));
    expect(e.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(existsSync(late)).toBe(false);
  });

  it('refuses output over the bound (stdout), killing the program', async () => {
    const e = await failure(sandbox.run('head', ['-c', String(8 * 1024 * 1024), '/dev/zero'], opts({ maxOutputBytes: 64 * 1024 })));
    expect(e.reason).toBe('output');
  });

  it('refuses a file over the size limit (RLIMIT_FSIZE)', async () => {
    const e = await failure(sandbox.run('bash', ['-c', `head -c ${4 * 1024 * 1024} /dev/zero > ${dir}/big`], opts({ limits: { ...limits, fileBytes: 1024 * 1024 } })));
    expect(['limit', 'exit']).toContain(e.reason);
    expect((await readFile(`${dir}/big`)).length).toBeLessThanOrEqual(1024 * 1024);
  });

  it('stops a program at its CPU limit', async () => {
    const e = await failure(sandbox.run('bash', ['-c', 'while :; do :; done'], opts({ limits: { ...limits, cpuSeconds: 1 } })));
    expect(e.reason).toBe('limit');
  });

  it('lets the program write its output into the work directory', async () => {
    await writeFile(path.join(dir, 'in.txt'), 'hello');
    await sandbox.run('bash', ['-c', `tr a-z A-Z < ${dir}/in.txt > ${dir}/out.txt`], opts());
    expect(await readFile(path.join(dir, 'out.txt'), 'utf8')).toBe('HELLO');
  });

  it('reports a bwrap that is not there as unavailable', async () => {
    const broken = new Sandbox({ SANDBOX: 'bwrap', BWRAP_PATH: '/nonexistent/bwrap' });
    await expect(broken.check(dir)).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('is never off in production', () => {
    expect(() => assertSandboxAllowed({ NODE_ENV: 'production', SANDBOX: 'off', BWRAP_PATH: '/usr/bin/bwrap' })).toThrow(/SANDBOX: must be bwrap in production/);
    expect(() => assertSandboxAllowed({ NODE_ENV: 'development', SANDBOX: 'off', BWRAP_PATH: '/usr/bin/bwrap' })).not.toThrow();
    expect(() => assertSandboxAllowed({ NODE_ENV: 'production', SANDBOX: 'bwrap', BWRAP_PATH: '/usr/bin/bwrap' })).not.toThrow();
  });
});
