import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { Uploads } from '../core/uploads';
import { LibraryGatewayRoutes } from './library.routes';

/** Routes of the library service that compose (uploads, saved versions, downloads, public files). */
@Module({
  imports: [CoreModule],
  providers: [Uploads, LibraryGatewayRoutes],
})
export class LibraryGatewayModule {}
