import { z } from 'zod';
import { zLang } from '../core/common';
import { req } from '../core/validation';
import { idList, optDate, optId, optText, reqId } from './fields';
import { INT4_MAX, numeric } from '../core/common';

/** HTTP bodies and queries of users and the profile (docs/product/administration.md#records, docs/product/errors.md#validation-rules). */

/** User form: valid email, phone ≤ 12 digits, role, team/committee and name required (the team-or-committee rule is checked by the service). */
export const userFields = {
  name: req.text(191),
  email: req.email(),
  phone: req.phone(),
  position: optText(191),
  designation: optText(191),
  date_of_birth: optDate(),
  role_id: reqId(),
  team: optText(191),
  admin_committees: idList(),
  member_committees: idList(),
  lang: zLang.default('en'),
};
export const zUserBody = z.object(userFields);
export type UserBody = z.output<typeof zUserBody>;

export const zUsersQuery = z.object({
  page: numeric(z.number().int().min(1).max(INT4_MAX).default(1)),
  perpage: numeric(z.number().int().min(1).max(500).optional()),
  per_page: numeric(z.number().int().min(1).max(500).optional()),
  search: z.string().trim().max(200).optional(),
  status: z.enum(['Active', 'Inactive', 'Pending']).optional(),
  role_id: optId(),
  committee_id: optId(),
  /** 'reset' clears the filters (docs/product/administration.md#api) */
  reset: z.string().optional(),
});
export const zUsersAllQuery = z.object({ committee_id: optId(), search: z.string().trim().max(200).optional() });

/** Profile: name, phone, email required (docs/product/errors.md#validation-rules). */
export const profileFields = {
  name: req.text(191),
  email: req.email(),
  phone: req.phone(),
  position: optText(191),
  designation: optText(191),
  date_of_birth: optDate(),
  lang: zLang.optional(),
};
export const zProfileBody = z.object(profileFields);

