import { z } from 'zod';
import { INT4_MAX, numeric } from '../core/common';
import { req } from '../core/validation';
import { idList, optDate } from './fields';
import { OrgMessages } from './organization.errors';

/** a committee member's weight (shares) when a decision is counted by weight: a whole number from 1; 1 when none is set */
export const DEFAULT_WEIGHT = 1;
export const MAX_WEIGHT = 1_000_000_000;
const zWeight = z.number({ error: OrgMessages.weightRange }).int(OrgMessages.weightRange).min(1, OrgMessages.weightRange).max(MAX_WEIGHT, OrgMessages.weightRange);
export const zMemberWeight = z.object({ user_id: z.number({ error: OrgMessages.unknownUser }).int(OrgMessages.unknownUser).positive(OrgMessages.unknownUser).max(INT4_MAX, OrgMessages.unknownUser), weight: zWeight }).strict();
export type MemberWeight = z.output<typeof zMemberWeight>;

/** Committee: name, description, admins, users required; quorum a number 5–100 (docs/product/errors.md#validation-rules). Board: the same. */
export const committeeFields = {
  name: req.text(191),
  description: req.text(5000),
  quorum: req.quorum(),
  admins: idList(true),
  users: idList(true),
  status: z.enum(['active', 'inactive']).default('active'),
  /**
   * members' weights (docs/ballots.md#weights-and-outcome-rules): `[{ user_id, weight }]` for members of the committee;
   * a member left out weighs 1; the whole list left out on edit: the weights stay as they were
   */
  weights: z.array(zMemberWeight).max(10_000).optional(),
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
