import { z } from 'zod';
import { INT4_MAX, numeric } from '../core/common';
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
  page: numeric(z.number().int().min(1).max(INT4_MAX).default(1)),
  per_page: numeric(z.number().int().min(1).max(100).default(10)),
  committee_id: numeric(z.number().int().positive().max(INT4_MAX).optional()),
});
export const zNewsCommentBody = z.object({ comment: z.string({ error: M.required }).trim().min(1, M.required).max(2000) });
