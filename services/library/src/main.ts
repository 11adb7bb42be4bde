import 'reflect-metadata';
import { bootstrapService, checkSandboxAtStart, logger, runService } from '@app/platform';
import { AppModule } from './app.module';
import { loadLibraryConfig } from './config';

runService(async () => {
  const config = loadLibraryConfig();
  // production refuses to start without a working sandbox for LibreOffice (docs/library.md#the-sandbox)
  await checkSandboxAtStart(config, (msg) => logger().warn(msg));
  await bootstrapService(AppModule.register(config), { service: 'library', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
});
