import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { LiveHub } from './live.hub';
import { LiveRoutesImpl } from './live.routes';

/** The live channel of meeting pages (docs/meeting.md#live-updates): server-sent events fed by MeetingChanged over NATS. */
@Module({
  imports: [CoreModule],
  providers: [LiveHub, LiveRoutesImpl],
})
export class LiveGatewayModule {}
