import 'reflect-metadata';
import { bootstrapService } from '@app/platform';
import { AppModule } from './app.module';
import { loadNotificationConfig } from './config';

async function main() {
  const config = loadNotificationConfig();
  await bootstrapService(AppModule.register(config), { service: 'notification', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
