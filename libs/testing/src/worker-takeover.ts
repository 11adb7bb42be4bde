import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Bus } from '@app/platform';
import { startServiceProcess, testLogFile, type ServiceProcess } from './service';

export interface WorkerTakeoverOptions {
  /** the service whose worker is killed in the middle of a job */
  worker: string;
  /** the services the worker needs, started first in this order (organization with a cheap password hash) */
  services: string[];
  /** every process's environment: process.env and the infrastructure (testEnv()); LOG_LEVEL is warn */
  env: Record<string, string | undefined> & { NATS_URL: string };
  /** the first worker's own settings on top (e.g. a pause inside the job that gives the test its moment) */
  firstEnv?: Record<string, string>;
  /** how long each worker may take to answer /health (default: startServiceProcess's) */
  startMs?: number;
  /**
   * both workers' BullMQ lock and stalled check (JOB_LOCK_MS, JOB_STALLED_INTERVAL_MS: jobWorkerConfigSchema): by
   * default a 4 s lock checked every second, so the second worker takes the job over seconds after the kill instead
   * of BullMQ's 30 s + 30 s. The lock is still renewed by a live worker (every 2 s): only a dead one loses its job
   */
  lock?: { lockMs: number; stalledIntervalMs: number };
}

export interface WorkerTakeover {
  /** starts the services and the first worker, each in its own process, and connects a bus for the test's requests */
  start(): Promise<Bus>;
  /** SIGKILL to the first worker (no shutdown hook runs, its job's lock stays until it expires); resolves once it has exited */
  killFirst(): Promise<void>;
  /** the second worker, which takes the job over once the lock expires (seconds: `lock`); its log is a file of its own (<worker>-second) */
  startSecond(): Promise<void>;
  /** for afterAll: drains the bus and stops every process started (the last first), also after a failed start */
  stop(): Promise<void>;
}

/**
 * A worker killed during a job and another process of the same service finishing it: the int suites' harness for
 * "exactly once" over a crash (the approval's sign job, the minutes' render). Real services in their own processes,
 * over the real infrastructure: a service's tests never import another service's code.
 */
export function workerTakeover(opts: WorkerTakeoverOptions): WorkerTakeover {
  const base = { ...opts.env, LOG_LEVEL: 'warn' };
  const lock = opts.lock ?? { lockMs: 4000, stalledIntervalMs: 1000 };
  const workerEnv = { ...base, JOB_LOCK_MS: String(lock.lockMs), JOB_STALLED_INTERVAL_MS: String(lock.stalledIntervalMs) };
  const procs: ServiceProcess[] = [];
  const timing = opts.startMs === undefined ? {} : { timeoutMs: opts.startMs };
  let first: ServiceProcess | undefined;
  let nc: NatsConnection | undefined;
  return {
    async start() {
      for (const name of opts.services) procs.push(await startServiceProcess(name, name === 'organization' ? { ...base, ARGON2_MEMORY_KIB: '4096' } : base));
      first = await startServiceProcess(opts.worker, { ...workerEnv, ...opts.firstEnv }, timing);
      procs.push(first);
      nc = await connect({ servers: opts.env.NATS_URL.replace(/^nats:\/\//, ''), name: `${opts.worker}-int` });
      return new Bus(nc, { service: 'test', defaultTimeoutMs: 30_000 });
    },
    async killFirst() {
      if (!first) throw new Error(`the first ${opts.worker} worker was not started`);
      const { child } = first;
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the first ${opts.worker} worker had already stopped (${child.exitCode ?? child.signalCode})`);
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    },
    async startSecond() {
      procs.push(await startServiceProcess(opts.worker, workerEnv, { ...timing, logFile: testLogFile(`${opts.worker}-second`) }));
    },
    async stop() {
      // a connection that is already closed has nothing to drain
      await nc?.drain().catch(() => undefined);
      for (const p of procs.reverse()) await p.stop();
    },
  };
}
