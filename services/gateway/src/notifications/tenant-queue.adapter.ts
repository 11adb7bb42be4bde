import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type { Job, Queue } from 'bullmq';
import { NotificationMessages } from '@app/contracts';
import { openJobData, type JobData, type PayloadSeal } from '@app/platform';

/** Job methods that change a job; refused for another organization's jobs. */
const MUTATORS = new Set<PropertyKey>(['retry', 'remove', 'promote', 'update', 'updateData', 'changeDelay', 'changePriority', 'discard', 'moveToFailed', 'moveToCompleted', 'removeUnprocessedChildren']);

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

/** The organization a job belongs to: in clear beside the sealed payload (`orgId`), or in an older job's payload. */
export function jobOrg(job: { data?: unknown }): string | undefined {
  const data = job.data as { orgId?: unknown; payload?: { orgId?: unknown } } | undefined;
  if (typeof data?.orgId === 'string') return data.orgId;
  return typeof data?.payload?.orgId === 'string' ? data.payload.orgId : undefined;
}

/** An own job's data as its administrators see it: the sealed payload opened, then its secrets hidden. */
export function visibleData(job: { data?: unknown; name?: string; queueName?: string }, seal: PayloadSeal): unknown {
  const data = job.data as JobData | undefined;
  if (typeof data?.sealed !== 'string') return redactSecrets(data);
  const { sealed: _sealed, ...meta } = data;
  try {
    return redactSecrets({ ...meta, payload: openJobData(seal, job.queueName ?? '', job.name ?? '', data) });
  } catch {
    return { ...meta, payload: '[sealed]' };
  }
}

/** What an organization's dashboard may see of a job: its own with secrets hidden; another's reduced to its state and timing. */
export function maskJobJson<T extends { data?: unknown; name?: string; queueName?: string; returnvalue?: unknown; failedReason?: unknown; stacktrace?: unknown; opts?: unknown }>(json: T, own: boolean, seal: PayloadSeal): T {
  if (own) return { ...json, data: visibleData(json, seal) };
  return {
    ...json,
    data: { organization: 'another organization' },
    returnvalue: null,
    failedReason: json.failedReason ? 'failed' : json.failedReason,
    stacktrace: [],
  };
}

function maskJob(job: Job, orgId: string, seal: PayloadSeal): Job {
  const own = jobOrg(job) === orgId;
  return new Proxy(job, {
    get(target, prop) {
      if (prop === 'toJSON') return () => maskJobJson({ ...(target.toJSON() as object), queueName: target.queueName } as never, own, seal);
      if (prop === 'data') return own ? visibleData(target, seal) : { organization: 'another organization' };
      if (!own && MUTATORS.has(prop)) return () => Promise.reject(new Error(NotificationMessages.foreignJob));
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

function refuse(): Promise<never> {
  return Promise.reject(new Error(NotificationMessages.queueWideAction));
}

/**
 * A queue as one organization's administrators see it on /admin/queues. The queues are shared by
 * every organization, so: jobs of other organizations show only their state and timing and cannot
 * be changed; secrets (tokens in invitation and reset links) are hidden; and actions that would
 * touch every organization's jobs (pause, empty, clean, retry all, obliterate, add) are refused.
 * Retrying or removing one of the organization's own jobs is allowed.
 */
export class TenantQueueAdapter extends BullMQAdapter {
  constructor(queue: Queue, private readonly orgId: string, private readonly seal: PayloadSeal) {
    super(queue, { readOnlyMode: false, allowRetries: true, description: 'shared by all organizations; other organizations\u2019 jobs are hidden' });
  }

  override async getJob(id: string): Promise<Job | undefined> {
    const job = await super.getJob(id);
    return job ? maskJob(job, this.orgId, this.seal) : job;
  }

  override async getJobs(...args: Parameters<BullMQAdapter['getJobs']>): Promise<Job[]> {
    const jobs = await super.getJobs(...args);
    return jobs.map((j) => (j ? maskJob(j, this.orgId, this.seal) : j));
  }

  override async getJobLogs(id: string): Promise<string[]> {
    const job = await super.getJob(id);
    if (!job || jobOrg(job) !== this.orgId) return [];
    return super.getJobLogs(id);
  }

  override pause = refuse;
  override resume = refuse;
  override empty = refuse;
  override obliterate = refuse;
  override clean = refuse;
  override promoteAll = refuse;
  override addJob = refuse as never;
  override setGlobalConcurrency = refuse;
  override removeJobScheduler = refuse as never;
  override updateJobScheduler = refuse as never;
  override runJobSchedulerNow = refuse as never;
  override setConfiguredRateLimit = refuse;
  override removeConfiguredRateLimit = refuse;
  override releaseActiveRateLimit = refuse;
}
