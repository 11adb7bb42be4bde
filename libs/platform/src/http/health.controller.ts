import { Controller, Get, Header, HttpException, Inject, Optional } from '@nestjs/common';
import { NatsConnection } from '@nats-io/transport-node';
import type Redis from 'ioredis';
import { NATS_CONNECTION } from '../bus/nats';
import { REDIS } from '../redis';
import { Db } from '../db/db';
import { registry } from './metrics';

/** /health for probes (NATS, Redis and, where the service has one, the database) and /metrics. */
@Controller()
export class HealthController {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() @Inject(Db) private readonly db?: Db,
  ) {}

  @Get('health')
  async health() {
    const checks: Record<string, boolean> = {
      nats: !this.nc.isClosed(),
      redis: this.redis.status === 'ready',
    };
    // a failed ping is the answer: the database is down, and the probe gets 503 with the checks below
    if (this.db) checks.database = await this.db.ping().catch(() => false);
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
