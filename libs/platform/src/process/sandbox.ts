import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../config';

/**
 * Every external program a service runs (LibreOffice, poppler's pdftoppm / pdfinfo, ...) runs through `Sandbox.run`
 * (docs/security.md#files-and-external-programs, docs/library.md#the-sandbox):
 *
 * - in a bubblewrap sandbox (`bwrap`, Debian's `bubblewrap`): its own network namespace with nothing but a loopback
 *   of its own (no route anywhere, the host's loopback included), its own PID, IPC and UTS namespaces, no
 *   capabilities, a new session; the file system holds only the system directories programs need, read-only
 *   (`/usr/bin`, `/usr/lib`, the few `/usr/share` and `/etc` directories the caller names), a private `/tmp` and the
 *   one work directory of the call, writable: nothing of the service (its code, its environment, its files) is
 *   visible;
 * - with an environment built from nothing (PATH, HOME, LANG, TMPDIR and what the caller adds): never the service's
 *   environment, so no secret reaches the program;
 * - with CPU time, address space and file size limits (`prlimit` inside the sandbox; no core files);
 * - killed, the whole of it, at the time limit: the sandbox is its own process group and PID namespace, so a
 *   grandchild that forked away dies with it (the kernel ends every process of a PID namespace when its first
 *   process ends, and `--die-with-parent` ends that one when bwrap is killed);
 * - with what it writes to stdout and stderr bounded (killed past `maxOutputBytes`).
 *
 * `SANDBOX=off` runs the same program with the same environment and limits but without the namespaces: for a
 * development machine where bwrap cannot create namespaces. Production refuses it (`assertSandboxAllowed`) and
 * refuses to start when bwrap does not work (`Sandbox.check`).
 */
export const sandboxConfigSchema = z.object({
  /** `bwrap`: every external program in a bubblewrap sandbox; `off`: without namespaces (never in production) */
  SANDBOX: z.enum(['bwrap', 'off']).default('bwrap'),
  /** bubblewrap's binary (Debian's `bubblewrap` package) */
  BWRAP_PATH: z.string().min(1).default('/usr/bin/bwrap'),
});
export type SandboxConfig = z.output<typeof sandboxConfigSchema>;

/** Production never runs an external program outside the sandbox: a config that says so is refused at start-up. */
export function assertSandboxAllowed(config: SandboxConfig & { NODE_ENV: string }): void {
  if (config.NODE_ENV === 'production' && config.SANDBOX !== 'bwrap') {
    throw new ConfigError('Invalid configuration:\n  SANDBOX: must be bwrap in production (external programs never run unsandboxed)');
  }
}

export interface SandboxLimits {
  /** CPU seconds (RLIMIT_CPU) */
  cpuSeconds: number;
  /** address space in bytes (RLIMIT_AS) */
  memoryBytes: number;
  /** the largest file the program may write (RLIMIT_FSIZE; past it the write fails with SIGXFSZ) */
  fileBytes: number;
}

export interface SandboxRun {
  /** the call's own directory: the only writable place, seen at the same path inside (inputs and outputs go here) */
  workDir: string;
  /** the whole sandbox is killed after this long */
  timeoutMs: number;
  limits: SandboxLimits;
  /** stdout and stderr together; past it the sandbox is killed and the run fails with reason `output` */
  maxOutputBytes?: number;
  /** more system paths the program reads (read-only when they exist), besides /usr/bin, /usr/lib and /etc/ld.so.cache */
  readOnly?: readonly string[];
  /** more environment variables (never a secret: the program may be made to print them) */
  env?: Readonly<Record<string, string>>;
  /** a `--size` for the private /tmp (bytes); 64 MiB unless given */
  tmpBytes?: number;
}

export type SandboxFailure = 'timeout' | 'output' | 'limit' | 'exit' | 'unavailable';

export class SandboxError extends Error {
  constructor(
    readonly reason: SandboxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export interface SandboxResult {
  stdout: Buffer;
  stderr: string;
}

const DEFAULT_OUTPUT = 1024 * 1024;
const SIGXCPU = 24;
const SIGXFSZ = 25;
const SIGKILL = 9;

/** what a system directory is on this host: a symlink (merged /usr) or a directory; null when absent */
function systemLink(p: string): { link: string } | { dir: true } | null {
  try {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return { link: readlinkSync(p) };
    return st.isDirectory() ? { dir: true } : null;
  } catch {
    // absent on this host: nothing to mount
    return null;
  }
}

/** an executable named without a path, looked up in the sandbox's PATH (/usr/bin:/bin) on the host */
function resolveProgram(cmd: string): string {
  if (cmd.includes('/')) return cmd;
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin']) {
    const p = path.join(dir, cmd);
    if (existsSync(p)) return p;
  }
  return cmd;
}

export class Sandbox {
  private checked: Promise<void> | null = null;

  constructor(private readonly config: SandboxConfig) {}

  get mode(): SandboxConfig['SANDBOX'] {
    return this.config.SANDBOX;
  }

  /** the environment the program gets: built from nothing */
  private env(workDir: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
    return { PATH: '/usr/bin:/bin', HOME: workDir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TMPDIR: '/tmp', ...extra };
  }

  /** bwrap's arguments up to the program: namespaces, mounts, environment */
  private bwrapArgs(program: string, o: SandboxRun): string[] {
    const a = ['--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--clearenv'];
    for (const [k, v] of Object.entries(this.env(o.workDir, o.env))) a.push('--setenv', k, v);
    a.push('--ro-bind', '/usr/bin', '/usr/bin', '--ro-bind', '/usr/lib', '/usr/lib', '--ro-bind-try', '/usr/lib64', '/usr/lib64');
    for (const top of ['/bin', '/sbin', '/lib', '/lib64', '/lib32']) {
      const s = systemLink(top);
      if (s && 'link' in s) a.push('--symlink', s.link, top);
      else if (s) a.push('--ro-bind', top, top);
    }
    a.push('--ro-bind-try', '/etc/ld.so.cache', '/etc/ld.so.cache', '--ro-bind-try', '/etc/alternatives', '/etc/alternatives');
    // a program installed outside /usr (SOFFICE_PATH=/opt/libreoffice.../program/soffice): its own tree, read-only
    const real = existsSync(program) ? realpathSync(program) : program;
    if (path.isAbsolute(real) && !real.startsWith('/usr/')) a.push('--ro-bind', path.dirname(path.dirname(real)), path.dirname(path.dirname(real)));
    for (const p of o.readOnly ?? []) a.push('--ro-bind-try', p, p);
    a.push('--proc', '/proc', '--dev', '/dev', '--size', String(o.tmpBytes ?? 64 * 1024 * 1024), '--tmpfs', '/tmp');
    a.push('--bind', o.workDir, o.workDir, '--chdir', o.workDir);
    return a;
  }

  private prlimitArgs(l: SandboxLimits): string[] {
    const n = (x: number) => String(Math.max(1, Math.floor(x)));
    return ['/usr/bin/prlimit', `--cpu=${n(l.cpuSeconds)}`, `--as=${n(l.memoryBytes)}`, `--fsize=${n(l.fileBytes)}`, '--core=0', '--'];
  }

  /**
   * Runs `cmd args` as described above; resolves its output when it exits 0. Rejects with a SandboxError: `timeout`
   * (killed at the time limit), `output` (wrote more than maxOutputBytes), `limit` (CPU or file size limit), `exit`
   * (any other failure), `unavailable` (bwrap could not start).
   */
  run(cmd: string, args: readonly string[], o: SandboxRun): Promise<SandboxResult> {
    const program = resolveProgram(cmd);
    const inner = [...this.prlimitArgs(o.limits), program, ...args];
    const [file, argv] = this.config.SANDBOX === 'bwrap' ? [this.config.BWRAP_PATH, [...this.bwrapArgs(program, o), '--', ...inner]] : [inner[0], inner.slice(1)];
    const maxOutput = o.maxOutputBytes ?? DEFAULT_OUTPUT;
    return new Promise<SandboxResult>((resolve, reject) => {
      // its own process group (detached), with an environment built from nothing: never process.env
      const child = spawn(file, argv, { cwd: o.workDir, env: this.env(o.workDir, o.env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let errTail = '';
      let total = 0;
      let failure: SandboxError | null = null;
      const killAll = (why: SandboxError) => {
        failure ??= why;
        try {
          // the whole process group: bwrap, and with it (--die-with-parent, PID namespace) everything inside
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      const timer = setTimeout(() => killAll(new SandboxError('timeout', `${path.basename(cmd)} took longer than ${o.timeoutMs} ms`)), o.timeoutMs);
      const count = (c: Buffer) => {
        total += c.length;
        if (total > maxOutput) killAll(new SandboxError('output', `${path.basename(cmd)} wrote more than ${maxOutput} bytes`));
      };
      child.stdout.on('data', (c: Buffer) => {
        count(c);
        if (!failure) out.push(c);
      });
      child.stderr.on('data', (c: Buffer) => {
        count(c);
        errTail = (errTail + c.toString('utf8')).slice(-4000);
      });
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(new SandboxError('unavailable', `${path.basename(file)} could not start: ${e.message}`));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (failure) return reject(failure);
        // bwrap answers 128 + n when the program died of signal n
        const sig = signal ? null : code !== null && code > 128 ? code - 128 : null;
        if (signal === 'SIGXFSZ' || sig === SIGXFSZ) return reject(new SandboxError('limit', `${path.basename(cmd)} wrote a file over ${o.limits.fileBytes} bytes`));
        if (signal === 'SIGXCPU' || sig === SIGXCPU || sig === SIGKILL) return reject(new SandboxError('limit', `${path.basename(cmd)} passed its CPU or memory limit`));
        if (code !== 0) return reject(new SandboxError('exit', `${path.basename(cmd)} failed (${signal ?? code}): ${errTail.trim().slice(-500)}`));
        resolve({ stdout: Buffer.concat(out), stderr: errTail });
      });
    });
  }

  /**
   * Whether programs can run here as configured: bwrap starts a sandbox that runs `true`. Memoized. In production
   * the services call it at start-up and refuse to start when it fails.
   */
  check(workDir: string): Promise<void> {
    this.checked ??= this.run('true', [], { workDir, timeoutMs: 10_000, limits: { cpuSeconds: 5, memoryBytes: 256 * 1024 * 1024, fileBytes: 1024 } }).then(
      () => undefined,
      (e: unknown) => {
        this.checked = null;
        throw new SandboxError('unavailable', `the sandbox does not work here (${this.config.SANDBOX} at ${this.config.BWRAP_PATH}): ${e instanceof Error ? e.message : String(e)}`);
      },
    );
    return this.checked;
  }
}

/**
 * At a service's start (its main.ts, before anything listens): production refuses SANDBOX=off and refuses to start
 * when bwrap does not work; elsewhere a sandbox that does not work is logged, and each conversion fails until it is
 * fixed (or SANDBOX=off is chosen on purpose).
 */
export async function checkSandboxAtStart(config: SandboxConfig & { NODE_ENV: string }, warn: (msg: string) => void): Promise<Sandbox> {
  assertSandboxAllowed(config);
  const sandbox = new Sandbox(config);
  const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-check-'));
  try {
    await sandbox.check(dir);
  } catch (e) {
    if (config.NODE_ENV === 'production') throw new ConfigError(`Invalid configuration:\n  SANDBOX: ${e instanceof Error ? e.message : String(e)}`);
    warn(e instanceof Error ? e.message : String(e));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return sandbox;
}
