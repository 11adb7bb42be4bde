import 'reflect-metadata';
import { bootstrapService, runService } from '@app/platform';
import { AppModule } from './app.module';
import { loadLibraryConfig } from './config';

runService(async () => {
  const config = loadLibraryConfig();
  await bootstrapService(AppModule.register(config), { service: 'library', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
});
