/**
 * Idempotent demo data, written through the organization service's own use cases (no gateway and no
 * running service needed; PostgreSQL, NATS and Redis must be reachable). Run after migrations:
 *   node -r @swc-node/register scripts/seed.ts
 * with the environment of docs/conventions.md (DATABASE_URL, NATS_URL, REDIS_URL, S3_*).
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { MEMBER_PERMISSIONS } from '@app/contracts';
import { createRootLogger, PinoNestLogger } from '@app/platform';
import { OrganizationModule } from '../services/organization/src/app.module';
import { loadOrganizationConfig } from '../services/organization/src/config';
import { ProvisioningService } from '../services/organization/src/tenancy/provisioning.service';

export const DEMO_PASSWORD = 'Demo@12345';

async function main() {
  const config = loadOrganizationConfig();
  const log = createRootLogger('seed', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(OrganizationModule.register(config, { handlers: false }), { logger: new PinoNestLogger(log) });
  try {
    const p = app.get(ProvisioningService);
    const demo = await p.createOrganization({
      slug: 'demo', name: 'Demo Organization', timeZone: 'UTC', website: 'https://demo.test', location: 'Headquarters', variant: 'default',
      admin: { name: 'Demo Admin', email: 'admin@demo.test', password: DEMO_PASSWORD, phone: '100000001' }, ifExists: 'return',
    });
    await p.ensureUser(demo.orgId, { email: 'admin@demo.test', name: 'Demo Admin', password: DEMO_PASSWORD, role: 'admin', phone: '100000001', position: 'Administrator' });
    // the chair sends approvals (approvals_create) on top of what every member sees
    await p.ensureRole(demo.orgId, { name: 'Chair', permissions: [...MEMBER_PERMISSIONS, 'approvals_create'] });
    await p.ensureUser(demo.orgId, { email: 'chair@demo.test', name: 'Chair Person', password: DEMO_PASSWORD, role: 'member', roleName: 'Chair', phone: '100000002', position: 'Chairman', designation: 'Chairman' });
    await p.ensureUser(demo.orgId, { email: 'member1@demo.test', name: 'Member One', password: DEMO_PASSWORD, role: 'member', phone: '100000003', position: 'Board member', designation: 'Member' });
    await p.ensureUser(demo.orgId, { email: 'member2@demo.test', name: 'Member Two', password: DEMO_PASSWORD, role: 'member', phone: '100000004', position: 'Board member', designation: 'Member' });
    const committeeId = await p.ensureCommittee(demo.orgId, {
      name: 'Board of Directors',
      description: 'The board of directors of the demo organization.',
      quorum: 50,
      admins: ['chair@demo.test'],
      members: ['admin@demo.test', 'chair@demo.test', 'member1@demo.test', 'member2@demo.test'],
    });

    const acme = await p.createOrganization({
      slug: 'acme', name: 'Acme Corporation', timeZone: 'UTC', website: 'https://acme.test', location: 'Springfield', variant: 'default',
      admin: { name: 'Acme Admin', email: 'admin@acme.test', password: DEMO_PASSWORD, phone: '200000001' }, ifExists: 'return',
    });
    await p.ensureUser(acme.orgId, { email: 'admin@acme.test', name: 'Acme Admin', password: DEMO_PASSWORD, role: 'admin', phone: '200000001' });

    console.log(`[seed] demo ${demo.orgId} (committee ${committeeId}), acme ${acme.orgId}; sign in with ${DEMO_PASSWORD}`);
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error('[seed] failed:', e instanceof Error ? e.stack ?? e.message : e);
  process.exit(1);
});
