import 'reflect-metadata';
import { bootstrapService } from '@app/platform';
import { OrganizationModule } from './app.module';
import { loadOrganizationConfig } from './config';

async function main() {
  const config = loadOrganizationConfig();
  await bootstrapService(OrganizationModule.register(config), { service: 'organization', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
