import 'reflect-metadata';
import { bootstrapService, checkSandboxAtStart, logger, runService } from '@app/platform';
import { AppModule } from './app.module';
import { loadPresentationConfig } from './config';
import { LeanWsAdapter } from './rooms/lean-ws-adapter';

runService(async () => {
  const config = loadPresentationConfig();
  // production refuses to start without a working sandbox for poppler (docs/security.md#files-and-external-programs)
  await checkSandboxAtStart(config, (msg) => logger().warn(msg));
  await bootstrapService(AppModule.register(config), {
    service: 'presentation',
    port: config.HTTP_PORT,
    logLevel: config.LOG_LEVEL,
    configure: (app) => {
      // the presentation gateway reads its frames and closes itself: no per-socket Nest streams (lean-ws-adapter.ts)
      app.useWebSocketAdapter(new LeanWsAdapter(app, { disconnectEvents: false }));
    },
  });
});
