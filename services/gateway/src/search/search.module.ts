import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { SearchGatewayRoutes } from './search.routes';

/** The search box (docs/search.md): one route that asks the meeting and library services and groups their answers. */
@Module({
  imports: [CoreModule],
  providers: [SearchGatewayRoutes],
})
export class SearchGatewayModule {}
