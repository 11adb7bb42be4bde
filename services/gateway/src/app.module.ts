import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@app/platform';
import { CoreModule } from './core/core.module';
import { OrganizationGatewayModule } from './organization/organization.module';
import { NotificationsGatewayModule } from './notifications/notifications.module';
import { MeetingsGatewayModule } from './meetings/meetings.module';
import { LibraryGatewayModule } from './library/library.module';
import { LiveGatewayModule } from './live/live.module';
import { ApprovalsGatewayModule } from './approvals/approvals.module';
import { MinutesGatewayModule } from './minutes/minutes.module';
import { SearchGatewayModule } from './search/search.module';
import type { GatewayConfig } from './config';

/**
 * The gateway: the only HTTP edge. Feature modules below hold controllers only; they validate with
 * the contracts, forward to the owning service over NATS, and shape the answer. No domain rules here.
 */
@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        PlatformModule.forRoot({ service: 'gateway', config, storage: true }),
        CoreModule,
        // feature modules (one line each)
        OrganizationGatewayModule,
        NotificationsGatewayModule,
        MeetingsGatewayModule,
        LibraryGatewayModule,
        LiveGatewayModule,
        ApprovalsGatewayModule,
        MinutesGatewayModule,
        SearchGatewayModule,
      ],
    };
  }
}
