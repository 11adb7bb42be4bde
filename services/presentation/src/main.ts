import 'reflect-metadata';
import { WsAdapter } from '@nestjs/platform-ws';
import { bootstrapService, runService } from '@app/platform';
import { AppModule } from './app.module';
import { loadPresentationConfig } from './config';

runService(async () => {
  const config = loadPresentationConfig();
  await bootstrapService(AppModule.register(config), {
    service: 'presentation',
    port: config.HTTP_PORT,
    logLevel: config.LOG_LEVEL,
    configure: (app) => {
      app.useWebSocketAdapter(new WsAdapter(app));
    },
  });
});
