import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { MeetingsController } from './meetings.controller';
import { MembersController } from './members.controller';
import { AgendaController } from './agenda.controller';
import { ActionsController } from './actions.controller';
import { CommentsController } from './comments.controller';
import { ITEM_CONTROLLERS } from './item.controllers';

/** Routes of the meeting service (meetings.md §7). Controllers only: validate with the contracts, forward over NATS, shape. */
@Module({
  imports: [CoreModule],
  controllers: [MeetingsController, MembersController, ActionsController, AgendaController, CommentsController, ...ITEM_CONTROLLERS],
})
export class MeetingsGatewayModule {}
