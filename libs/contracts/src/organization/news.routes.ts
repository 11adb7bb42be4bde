import { z } from 'zod';
import { zId } from '../core/common';
import { defineComposedRoute, defineRoute } from '../core/route';
import { OrgMessages } from './organization.errors';
import { zNewsBody, zNewsCommentBody, zNewsQuery } from './news.http';
import { CommentNews, DeleteNews, GetNews, LikeNews, ListNews, zNewsPost } from './news.rpc';

const zIdParams = z.object({ id: zId });
const tags = ['news'];

/** the photo fields a news post accepts (the web sends `media`; other clients `media[]`, `photos`, `photos[]`) */
export const NEWS_MEDIA_FIELDS = [{ name: 'media', maxCount: 20 }, { name: 'media[]', maxCount: 20 }, { name: 'photos', maxCount: 20 }, { name: 'photos[]', maxCount: 20 }] as const;

/** News posts with photos, likes and comments. */
export const NewsRoutes = {
  listNews: defineRoute({
    method: 'GET', path: '/api/news', access: 'user', tags, query: zNewsQuery, answer: 'paged', summary: 'News posts, newest first, paged',
    rpc: ListNews, toRpc: ({ call, query }) => ({ ...call, ...query }),
  }),
  getNews: defineRoute({
    method: 'GET', path: '/api/news/:id', access: 'user', tags, params: zIdParams, summary: 'One news post with its comments',
    rpc: GetNews, toRpc: ({ call, params }) => ({ ...call, postId: params.id }),
  }),
  createNews: defineComposedRoute({
    method: 'POST', path: '/api/news', access: 'user', tags, body: zNewsBody, response: zNewsPost, message: OrgMessages.postAdded,
    upload: { kind: 'fields', fields: NEWS_MEDIA_FIELDS, required: { field: 'media', message: OrgMessages.photoRequired } },
    summary: 'Post news: title, url, description, committee_id and at least one photo (media, png/jpeg)',
  }),
  likeNews: defineRoute({
    method: 'POST', path: '/api/news/:id/like', access: 'user', tags, params: zIdParams, summary: 'Like a post',
    rpc: LikeNews, toRpc: ({ call, params }) => ({ ...call, postId: params.id, like: true }),
  }),
  unlikeNews: defineRoute({
    method: 'DELETE', path: '/api/news/:id/like', access: 'user', tags, params: zIdParams, summary: 'Take back a like',
    rpc: LikeNews, toRpc: ({ call, params }) => ({ ...call, postId: params.id, like: false }),
  }),
  commentNews: defineRoute({
    method: 'POST', path: '/api/news/:id/comments', access: 'user', tags, params: zIdParams, body: zNewsCommentBody, message: OrgMessages.commentAdded,
    summary: 'Comment on a post',
    rpc: CommentNews, toRpc: ({ call, params, body }) => ({ ...call, postId: params.id, comment: body.comment }),
  }),
  newsComments: defineRoute({
    method: 'GET', path: '/api/news/:id/comments', access: 'user', tags, params: zIdParams, answer: { pick: 'comments' }, summary: "A post's comments",
    rpc: GetNews, toRpc: ({ call, params }) => ({ ...call, postId: params.id }),
  }),
  deleteNews: defineRoute({
    method: 'DELETE', path: '/api/news/:id', access: 'user', tags, params: zIdParams, answer: 'empty', message: OrgMessages.postDeleted, summary: 'Delete a post',
    rpc: DeleteNews, toRpc: ({ call, params }) => ({ ...call, postId: params.id }),
  }),
} as const;
