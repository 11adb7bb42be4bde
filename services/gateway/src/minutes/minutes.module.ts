import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { MinutesGatewayRoutes } from './minutes.routes';

/** Routes of the minutes service (docs/minutes.md): the route table's MinutesRoutes; the download composes here. */
@Module({
  imports: [CoreModule],
  providers: [MinutesGatewayRoutes],
})
export class MinutesGatewayModule {}
