import { z } from 'zod';
import { defineRpc } from '../core/define';
import { paged, zId, zOk, zTenant } from '../core/common';
import { zNamed, zUploadKey } from './fields';
import { newsFields } from './news.http';

export const zNewsComment = z.object({ id: z.number().int(), comment: z.string(), user_id: z.number().int().nullable(), user_name: z.string(), user_image: z.string().nullable(), created_at: z.string() });
export const zNewsPost = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  url: z.string(),
  description: z.string(),
  committee_id: z.number().int().nullable(),
  committee: zNamed.nullable(),
  media: z.array(z.string()),
  likes: z.number().int(),
  liked: z.boolean(),
  comments_count: z.number().int(),
  comments: z.array(zNewsComment),
  author: z.object({ id: z.number().int().nullable(), name: z.string(), image: z.string().nullable() }),
  can_delete: z.boolean(),
  created_at: z.string(),
});
export type NewsPost = z.output<typeof zNewsPost>;

const postId = { postId: zId };
export const ListNews = defineRpc({
  subject: 'organization.v1.list-news',
  request: zTenant.extend({ page: z.number().int().min(1).default(1), per_page: z.number().int().min(1).max(100).default(10), committee_id: z.number().int().positive().optional() }),
  response: paged(zNewsPost),
});
export const GetNews = defineRpc({ subject: 'organization.v1.get-news', request: zTenant.extend(postId), response: zNewsPost });
export const CreateNews = defineRpc({
  subject: 'organization.v1.create-news',
  request: zTenant.extend({ ...newsFields, media: z.array(zUploadKey).min(1, 'At least one photo is required.').max(20) }),
  response: zNewsPost,
});
export const LikeNews = defineRpc({ subject: 'organization.v1.like-news', request: zTenant.extend({ ...postId, like: z.boolean() }), response: zNewsPost });
export const CommentNews = defineRpc({ subject: 'organization.v1.comment-news', request: zTenant.extend({ ...postId, comment: z.string().trim().min(1).max(2000) }), response: zNewsPost });
export const DeleteNews = defineRpc({ subject: 'organization.v1.delete-news', request: zTenant.extend(postId), response: zOk });
