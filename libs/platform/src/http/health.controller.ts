import { BeforeApplicationShutdown, Controller, Get, Header, HttpException, Inject, Optional } from '@nestjs/common';
import { NatsConnection } from '@nats-io/transport-node';
import type Redis from 'ioredis';
import { NATS_CONNECTION } from '../bus/nats';
import { REDIS } from '../redis';
import { Db } from '../db/db';
import { registry } from '../metrics';
import { isDraining } from '../shutdown';

/**
 * Probes and /metrics.
 *   /health/live   the process answers HTTP (it listens only once start-up has finished, so this is also the
 *                  startup probe); never looks at NATS, Redis or the database, so an outage of one of them does
 *                  not restart pods
 *   /health/ready  NATS, Redis and, where the service has one, the database answer; 503 while one does not or
 *                  while the service shuts down (the pod leaves the endpoints and the load balancer first)
 *   /health        the same as /health/ready (the local runner and older probes)
 */
@Controller()
export class HealthController implements BeforeApplicationShutdown {
  private stopping = false;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() @Inject(Db) private readonly db?: Db,
  ) {}

  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Get(['health', 'health/ready'])
  async ready() {
    const checks: Record<string, boolean> = {
      nats: !this.nc.isClosed(),
      redis: this.redis.status === 'ready',
    };
    // a failed ping is the answer: the database is down, and the probe gets 503 with the checks below
    if (this.db) checks.database = await this.db.ping().catch(() => false);
    if (this.stopping || isDraining()) throw new HttpException({ status: 'stopping', checks }, 503);
    const ok = Object.values(checks).every(Boolean);
    if (!ok) throw new HttpException({ status: 'down', checks }, 503);
    return { status: 'ok', checks };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4')
  metrics() {
    return registry.metrics();
  }
}
