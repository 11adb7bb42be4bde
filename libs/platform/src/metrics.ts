import { Registry, collectDefaultMetrics, Histogram, Counter, Gauge } from 'prom-client';

/** Prometheus metrics of this process, served at /metrics. */
export const registry = new Registry();
let defaults = false;
export function enableDefaultMetrics(service: string): void {
  if (defaults) return;
  defaults = true;
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
}

/** Filled when /metrics is scraped: each reads its queues' job counts (libs/platform queues register one). */
export type QueueDepthSource = (set: (queue: string, state: string, n: number) => void) => Promise<void>;
export const queueDepthSources = new Set<QueueDepthSource>();

export const metrics = {
  rpcClientDuration: new Histogram({ name: 'rpc_client_duration_seconds', help: 'NATS RPC round trips', labelNames: ['subject', 'outcome'], registers: [registry] }),
  rpcServerDuration: new Histogram({ name: 'rpc_server_duration_seconds', help: 'NATS RPC handling', labelNames: ['subject', 'outcome'], registers: [registry] }),
  rpcNoResponderRetries: new Counter({ name: 'rpc_no_responder_retries_total', help: 'read RPCs sent once more because no process was subscribed (a restart)', labelNames: ['subject'], registers: [registry] }),
  expiredTransactions: new Counter({ name: 'db_transactions_expired_total', help: 'transactions not begun because the RPC caller had stopped waiting', registers: [registry] }),
  eventsPublished: new Counter({ name: 'events_published_total', help: 'domain events published', labelNames: ['subject'], registers: [registry] }),
  eventsConsumed: new Counter({ name: 'events_consumed_total', help: 'domain events consumed', labelNames: ['subject', 'outcome'], registers: [registry] }),
  eventLag: new Histogram({
    name: 'event_lag_seconds',
    help: 'time from an event being written to its handler finishing',
    labelNames: ['subject'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  }),
  jobDuration: new Histogram({ name: 'job_duration_seconds', help: 'BullMQ job processing', labelNames: ['queue', 'name', 'outcome'], registers: [registry] }),
  queueJobs: new Gauge({
    name: 'queue_jobs',
    help: 'BullMQ jobs by queue and state, for the queues this process works on (read when scraped)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const source of queueDepthSources) await source((queue, state, n) => this.set({ queue, state }, n));
    },
  }),
  httpDuration: new Histogram({ name: 'http_request_duration_seconds', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers: [registry] }),
};
