import 'reflect-metadata';
import { bootstrapService, runService } from '@app/platform';
import { AppModule } from './app.module';
import { loadApprovalConfig } from './config';

runService(async () => {
  const config = loadApprovalConfig();
  await bootstrapService(AppModule.register(config), { service: 'approval', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
});
