import { Body, Controller, Delete, HttpCode, Param, Post, Query, type Type } from '@nestjs/common';
import { z } from 'zod';
import {
  AddAttachment, AddComment, NotifyComment, zDetachQuery, RemoveAttachment, translate, zAttachment, zAttachmentBody, zComment, zCommentBody, zId, zNotifyBody,
  type AttachmentKind, type CommentKind,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { GuestAllowed } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok } from '../core/http';
import { Z } from '../core/zod.pipe';
import { Call, type MeetingCall } from './context';


/**
 * POST /{kind}/{id}/comment, POST /{kind}/{id}/comment/{comment_id}/notify, POST /{kind}/{id}/attachment and
 * DELETE /{kind}/attachment/{library_id} for each item kind, as one small controller per kind (explicit
 * paths, so no catch-all `:kind` route can shadow another module's routes).
 */
function itemController(kind: CommentKind & AttachmentKind): Type {
  @Controller(kind)
  class ItemController {
    constructor(readonly bus: Bus) {}

    @Post(':id/comment')
    @HttpCode(200)
    @GuestAllowed()
    @Doc({ summary: `Comment on ${kind} {comment}; blank after trimming is refused`, tags: ['comments'], body: zCommentBody, response: zComment })
    async comment(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zCommentBody)) body: z.output<typeof zCommentBody>) {
      return ok(await this.bus.request(AddComment, { ...c, kind, itemId: id, body }), translate('Comment added successfully', c.lang));
    }

    @Post(':id/comment/:comment/notify')
    @HttpCode(200)
    @GuestAllowed()
    @Doc({ summary: `E-mail a comment on ${kind} to participants {participants}`, tags: ['comments'], body: zNotifyBody, response: NotifyComment.response })
    async notify(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('comment', Z(zId)) comment: number, @Body(Z(zNotifyBody)) body: z.output<typeof zNotifyBody>) {
      return ok(await this.bus.request(NotifyComment, { ...c, kind, itemId: id, commentId: comment, body }), translate('Participants have been notified via email', c.lang));
    }

    @Post(':id/attachment')
    @HttpCode(200)
    @Doc({ summary: `Attach a library file {library_id} to ${kind}`, tags: ['meeting agenda'], body: zAttachmentBody, response: z.array(zAttachment) })
    async attach(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zAttachmentBody)) body: z.output<typeof zAttachmentBody>) {
      return ok((await this.bus.request(AddAttachment, { ...c, kind, itemId: id, libraryId: body.library_id })).attachments, translate('Done', c.lang));
    }

    @Delete('attachment/:libraryId')
    @Doc({ summary: `Remove a library file from ${kind} (?item_id= when it is attached to several)`, tags: ['meeting agenda'], query: zDetachQuery, response: z.array(zAttachment) })
    async detach(@Call() c: MeetingCall, @Param('libraryId', Z(zId)) libraryId: number, @Query(Z(zDetachQuery)) q: z.output<typeof zDetachQuery>) {
      return ok((await this.bus.request(RemoveAttachment, { ...c, kind, libraryId, itemId: q.item_id })).attachments, translate('Deleted successfully', c.lang));
    }
  }
  Object.defineProperty(ItemController, 'name', { value: `${kind[0].toUpperCase()}${kind.slice(1)}ItemController` });
  return ItemController;
}

export const ITEM_CONTROLLERS: Type[] = (['talkingpoints', 'subpoints', 'decisions', 'actions'] as const).map(itemController);
