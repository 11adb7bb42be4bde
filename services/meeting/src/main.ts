import 'reflect-metadata';
import { bootstrapService } from '@app/platform';
import { MeetingModule } from './app.module';
import { loadMeetingConfig } from './config';

async function main() {
  const config = loadMeetingConfig();
  await bootstrapService(MeetingModule.register(config), { service: 'meeting', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
}

main().catch((e) => {
  // eslint-disable-next-line no-console
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
