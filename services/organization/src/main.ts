import 'reflect-metadata';
import { bootstrapService, runService } from '@app/platform';
import { OrganizationModule } from './app.module';
import { loadOrganizationConfig } from './config';

runService(async () => {
  const config = loadOrganizationConfig();
  await bootstrapService(OrganizationModule.register(config), { service: 'organization', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
});
