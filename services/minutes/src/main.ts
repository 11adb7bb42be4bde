import 'reflect-metadata';
import { bootstrapService, runService } from '@app/platform';
import { AppModule } from './app.module';
import { loadMinutesConfig } from './config';

runService(async () => {
  const config = loadMinutesConfig();
  await bootstrapService(AppModule.register(config), { service: 'minutes', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
});
