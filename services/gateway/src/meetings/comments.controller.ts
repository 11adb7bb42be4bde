import { Controller, Delete, Param } from '@nestjs/common';
import { DeleteComment, translate, zId } from '@app/contracts';
import { Bus } from '@app/platform';
import { GuestAllowed } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok } from '../core/http';
import { Z } from '../core/zod.pipe';
import { Call, type MeetingCall } from './context';

const tags = ['comments'];

/** DELETE /deleteComment/{id}; adding and notifying are in item.controllers.ts. */
@Controller()
export class CommentsController {
  constructor(private readonly bus: Bus) {}

  @Delete('deleteComment/:id')
  @GuestAllowed()
  @Doc({ summary: 'Delete my comment (not in cancelled or archived meetings)', tags })
  async remove(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    await this.bus.request(DeleteComment, { ...c, commentId: id });
    return ok(null, translate('Deleted successfully', c.lang));
  }
}
