import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { Job, Queue } from 'bullmq';

const SECRET_KEY = /token|password|secret|pin|code/i;

/** Hide secrets in job data: values of secret-looking keys and `token=` query parameters in links. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[…]';
  if (typeof value === 'string') return value.replace(/([?&](?:token|code)=)[^&#\s"']+/gi, '$1[hidden]');
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && typeof v !== 'object' ? '[hidden]' : redactSecrets(v, depth + 1);
    return out;
  }
  return value;
}

/**
 * What an operator sees of a job's data: its metadata (organization id, event id...) with secret-looking values
 * hidden, and its sealed payload left sealed: the operator runs the queues, the organizations' papers are not theirs
 * to read. An older job without a seal has its secrets hidden.
 */
export function operatorView(data: unknown): unknown {
  if (data && typeof data === 'object' && typeof (data as { sealed?: unknown }).sealed === 'string') {
    const { sealed: _sealed, ...meta } = data as Record<string, unknown>;
    return { ...(redactSecrets(meta) as object), payload: '[sealed]' };
  }
  return redactSecrets(data);
}

function masked(job: Job): Job {
  return new Proxy(job, {
    get(target, prop) {
      if (prop === 'toJSON') return () => ({ ...(target.toJSON() as object), data: operatorView(target.data), returnvalue: redactSecrets(target.returnvalue) });
      if (prop === 'data') return operatorView(target.data);
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/**
 * A queue as the platform's operators see it on /admin/queues (services/gateway/src/notifications/queue-dashboard.ts):
 * every organization's jobs, their state and timing, retry and clean up; job data as `operatorView` shows it.
 */
export class OperatorQueueAdapter extends BullMQAdapter {
  constructor(queue: Queue) {
    super(queue, { readOnlyMode: false, allowRetries: true, description: 'shared by all organizations; payloads stay sealed' });
  }

  override async getJob(id: string): Promise<Job | undefined> {
    const job = await super.getJob(id);
    return job ? masked(job) : job;
  }

  override async getJobs(...args: Parameters<BullMQAdapter['getJobs']>): Promise<Job[]> {
    const jobs = await super.getJobs(...args);
    return jobs.map((j) => (j ? masked(j) : j));
  }
}
