import 'reflect-metadata';
import { bootstrapService, runService } from '@app/platform';
import { MeetingModule } from './app.module';
import { loadMeetingConfig } from './config';

runService(async () => {
  const config = loadMeetingConfig();
  await bootstrapService(MeetingModule.register(config), { service: 'meeting', port: config.HTTP_PORT, logLevel: config.LOG_LEVEL });
});
