import { z } from 'zod';
import { M } from '../core/validation';
import { INT4_MAX, decimalToNumber, numeric } from '../core/common';

/**
 * Field helpers shared by the organization's HTTP bodies and RPC requests. HTML forms and multipart
 * uploads send everything as strings, so lists also accept "1,2,3" and `a[]` arrays, and empty strings
 * count as missing.
 */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A required positive id ('' or missing -> 'This field is required.'). */
const strictId = (missing: string) =>
  z.number({ error: (iss) => (iss.input === undefined ? missing : M.invalid) }).int(M.invalid).positive(M.invalid).max(INT4_MAX, M.invalid);
export const reqId = () => z.preprocess((v) => decimalToNumber(blankToUndefined(v)), strictId(M.required));
export const optId = () => z.preprocess((v) => decimalToNumber(blankToUndefined(v)), strictId(M.invalid).optional());

function toList(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
  return v;
}
/** A list of ids; `required` -> at least one ('This field is required.'). */
export const idList = (required = false) =>
  z.preprocess(toList, required ? z.array(numeric(strictId(M.invalid))).min(1, M.required).max(10_000) : z.array(numeric(strictId(M.invalid))).max(10_000));
export const stringList = () => z.preprocess(toList, z.array(z.string().trim().min(1)).max(10_000));

/** 'YYYY-MM-DD' (optional; '' counts as missing). */
export const optDate = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
      .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s), M.date)
      .nullable()
      .optional(),
  );
export const optText = (max = 255) => z.preprocess(blankToUndefined, z.string().trim().max(max).nullable().optional());

/** Cross-field rule: `confirm` must equal `field` (docs/product/errors.md#validation-rules 'Mismatched password'). */
export function confirmed<T extends Record<string, unknown>>(field: keyof T & string, confirm: keyof T & string, message: string) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (v[field] !== v[confirm]) ctx.addIssue({ code: 'custom', path: [confirm], message });
  };
}

/** A user as lists and pickers show one. */
export const zUserBrief = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  position: z.string().nullable(),
  designation: z.string().nullable(),
});
export type UserBrief = z.output<typeof zUserBrief>;

export const zNamed = z.object({ id: z.number().int().positive(), name: z.string() });

export const zUserStatus = z.enum(['Active', 'Inactive', 'Pending']);
export type UserStatus = z.output<typeof zUserStatus>;

/** Object keys of uploads: `<orgId>/<kind>/<file>`; the gateway writes them, services store them. */
export const zUploadKey = z.string().regex(/^[0-9a-f-]{36}\/(images|logos|imports)\/[\w.-]+$/, M.invalid);
export const UPLOAD_URL_PREFIX = '/api/public/uploads';
/** The public URL of an image or logo key (`/api/public/uploads/images/<file>`). */
export function uploadUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  const [, kind, file] = key.split('/');
  return `${UPLOAD_URL_PREFIX}/${kind}/${file}`;
}

