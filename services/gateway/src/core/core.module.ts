import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { DiscoveryModule } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { ContextMiddleware } from './context.middleware';
import { ErrorFilter } from './error.filter';
import { DocsController, OpenApiRegistry } from './openapi';
import { RootRoute } from './root.routes';
import { RouteDispatcher, routesController } from './routes';
import { ROUTE_TABLE } from '@app/contracts';

/** The edge concerns shared by every route: context, org, auth, rate limits, errors, docs. */
@Module({
  imports: [DiscoveryModule],
  controllers: [DocsController, routesController(ROUTE_TABLE)],
  providers: [
    AuthGuard,
    { provide: APP_GUARD, useExisting: AuthGuard },
    { provide: APP_FILTER, useClass: ErrorFilter },
    OpenApiRegistry,
    RouteDispatcher,
    RootRoute,
  ],
  exports: [AuthGuard],
})
export class CoreModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ContextMiddleware).forRoutes('{*path}');
  }
}
