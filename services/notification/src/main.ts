import 'reflect-metadata';
import { bootstrapService, runService } from '@app/platform';
import { AppModule } from './app.module';
import { loadNotificationConfig } from './config';

runService(async () => {
  const config = loadNotificationConfig();
  await bootstrapService(AppModule.register(config), { service: 'notification', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
});
