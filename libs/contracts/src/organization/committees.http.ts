import { z } from 'zod';
import { INT4_MAX, numeric } from '../core/common';
import { req } from '../core/validation';
import { idList, optDate } from './fields';

/** Committee: name, description, admins, users required; quorum a number 5–100 (docs/product/errors.md#validation-rules). Board: the same. */
export const committeeFields = {
  name: req.text(191),
  description: req.text(5000),
  quorum: req.quorum(),
  admins: idList(true),
  users: idList(true),
  status: z.enum(['active', 'inactive']).default('active'),
};
export const zCommitteeBody = z.object(committeeFields);

export const boardFields = {
  ...committeeFields,
  expiration_date: optDate(),
  committees: idList(),
};
export const zBoardBody = z.object(boardFields);

export const zCommitteeStatusBody = z.object({ status: z.enum(['active', 'inactive']).optional() });

export const zCommitteesQuery = z.object({
  page: numeric(z.number().int().min(1).max(INT4_MAX).default(1)),
  per_page: numeric(z.number().int().min(1).max(500).default(20)),
  perpage: numeric(z.number().int().min(1).max(500).optional()),
  search: z.string().trim().max(200).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
