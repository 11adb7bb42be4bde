import { z } from 'zod';
import { INT4_MAX, numeric } from '../core/common';
import { req } from '../core/validation';
import { idList, stringList } from './fields';
import { zPermissionSlug } from './permissions';

/** Role: name and users required (docs/product/errors.md#validation-rules); permissions are slugs of PERMISSIONS. */
export const roleFields = {
  name: req.text(100),
  users: idList(true),
  permissions: z.preprocess((v) => (Array.isArray(v) ? v.map((p) => (p && typeof p === 'object' && 'slug' in p ? (p as { slug: unknown }).slug : p)) : v), stringList().pipe(z.array(zPermissionSlug))),
};
export const zRoleBody = z.object(roleFields);
export const zRolesQuery = z.object({
  page: numeric(z.number().int().min(1).max(INT4_MAX).default(1)),
  per_page: numeric(z.number().int().min(1).max(500).default(50)),
  search: z.string().trim().max(200).optional(),
});
