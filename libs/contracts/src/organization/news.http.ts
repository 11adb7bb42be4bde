import { z } from 'zod';
import { M, req } from '../core/validation';
import { reqId } from './fields';

/** News: title, URL, description, committee required; at least one photo (docs/product/errors.md#validation-rules). */
export const newsFields = {
  title: req.text(191),
  url: req.text(2000).pipe(z.string().regex(/^https?:\/\/\S+$/i, 'The URL must be a valid URL.')),
  description: req.text(10000),
  committee_id: reqId(),
};
export const zNewsBody = z.object(newsFields);
export const zNewsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  committee_id: z.coerce.number().int().positive().optional(),
});
export const zNewsCommentBody = z.object({ comment: z.string({ error: M.required }).trim().min(1, M.required).max(2000) });
