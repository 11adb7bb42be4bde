import { z } from 'zod';
import { zId } from '../core/common';
import { defineRoute } from '../core/route';
import type { CommentKind } from './meeting.constants';
import { zCommentBody, zNotifyBody } from './meeting.http';
import { AddComment, DeleteComment, NotifyComment } from './meeting.rpc';

const tags = ['comments'];

/** POST /{kind}/{id}/comment and POST /{kind}/{id}/comment/{comment_id}/notify of one item kind (explicit paths, no catch-all `:kind`). */
function commentRoutes<K extends CommentKind>(kind: K) {
  return {
    comment: defineRoute({
      method: 'POST', path: `/api/${kind}/:id/comment`, access: 'guest', tags, params: z.object({ id: zId }), body: zCommentBody,
      summary: `Comment on ${kind} {comment}; blank after trimming is refused`, message: 'Comment added successfully',
      rpc: AddComment, toRpc: ({ call, params, body }) => ({ ...call, kind, itemId: params.id, body }),
    }),
    notify: defineRoute({
      method: 'POST', path: `/api/${kind}/:id/comment/:comment_id/notify`, access: 'guest', tags, params: z.object({ id: zId, comment_id: zId }), body: zNotifyBody,
      summary: `E-mail a comment on ${kind} to participants {participants}`, message: 'Participants have been notified via email',
      rpc: NotifyComment, toRpc: ({ call, params, body }) => ({ ...call, kind, itemId: params.id, commentId: params.comment_id, body }),
    }),
  };
}
const onTalkingPoints = commentRoutes('talkingpoints');
const onSubpoints = commentRoutes('subpoints');
const onDecisions = commentRoutes('decisions');
const onActions = commentRoutes('actions');

/** Comments on agenda items, their e-mail to participants, and deleting one's own comment. */
export const CommentRoutes = {
  commentOnTalkingPoint: onTalkingPoints.comment,
  notifyTalkingPointComment: onTalkingPoints.notify,
  commentOnSubpoint: onSubpoints.comment,
  notifySubpointComment: onSubpoints.notify,
  commentOnDecision: onDecisions.comment,
  notifyDecisionComment: onDecisions.notify,
  commentOnAction: onActions.comment,
  notifyActionComment: onActions.notify,
  deleteComment: defineRoute({
    method: 'DELETE', path: '/api/deleteComment/:id', access: 'guest', tags, params: z.object({ id: zId }), answer: 'empty',
    summary: 'Delete my comment (not in cancelled or archived meetings)', message: 'Deleted successfully',
    rpc: DeleteComment, toRpc: ({ call, params }) => ({ ...call, commentId: params.id }),
  }),
} as const;
