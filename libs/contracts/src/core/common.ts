import { z } from 'zod';

/** Organization ids are UUIDs; every other entity id is a positive integer (the spec's payloads use numbers). */
export const zOrgId = z.uuid();
/** Ids are PostgreSQL `integer`s: anything above this is not an id (and would fail in the database). */
export const INT4_MAX = 2_147_483_647;

/**
 * Strict numbers (docs/decisions.md "Numbers in requests"): a JSON number, or a string of plain decimal digits
 * (path parameters, query strings and form fields are strings). Everything else (booleans, arrays, objects,
 * '1e3', '0x10', ' ') passes through untouched, so the number schema refuses it: nothing is coerced.
 */
export function decimalToNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return /^-?\d{1,16}(\.\d{1,16})?$/.test(t) ? Number(t) : v;
}
/** `numeric(z.number().int().min(1))`: the given number schema, fed by decimalToNumber. */
export function numeric<T extends z.ZodType>(schema: T) {
  return z.preprocess(decimalToNumber, schema);
}
export const zId = numeric(z.number().int().positive().max(INT4_MAX));
export const zCorrelationId = z.string().min(1).max(128);

export const zActorKind = z.enum(['user', 'guest', 'system']);

/**
 * Who is acting. The gateway builds it from the session (or the guest token) and sends it with
 * every RPC; services decide permissions from it and from their own data, never from the web.
 */
export const zActor = z.object({
  kind: zActorKind,
  userId: z.number().int().positive().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable().default(null),
  roleId: z.number().int().positive().nullable().default(null),
  /** organization administrator (the spec's "role id 1") */
  isAdmin: z.boolean().default(false),
  permissions: z.array(z.string()).default([]),
  /** guests act through a token link */
  guestToken: z.string().nullable().default(null),
});
export type Actor = z.output<typeof zActor>;

export const SYSTEM_ACTOR: Actor = {
  kind: 'system', userId: null, email: null, name: 'system', roleId: null, isAdmin: true, permissions: [], guestToken: null,
};

/** Every RPC request starts with these two fields. */
export const zTenant = z.object({ orgId: zOrgId, actor: zActor });

export const zLang = z.enum(['en', 'fr', 'ar', 'ru']);
export type Lang = z.output<typeof zLang>;
export const LANGS: readonly Lang[] = ['en', 'fr', 'ar', 'ru'];
export function parseLang(value: unknown): Lang {
  const v = String(value ?? '').toLowerCase().slice(0, 2);
  return (LANGS as readonly string[]).includes(v) ? (v as Lang) : 'en';
}

/** Paging as the spec's lists take it: page and per_page (also perpage). */
export const zPageQuery = z.object({
  page: numeric(z.number().int().min(1).max(INT4_MAX).default(1)),
  per_page: numeric(z.number().int().min(1).max(500).default(20)),
  search: z.string().trim().max(200).optional(),
});
export const zPageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.output<typeof zPageMeta>;
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), meta: zPageMeta });
}

/** Server dates: 'YYYY-MM-DD HH:mm:ss' */
export const zServerDate = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** An empty-ish result for commands that return nothing but a message. */
export const zOk = z.object({ ok: z.literal(true), message: z.string().optional() });
export type Ok = z.output<typeof zOk>;

/** Event envelope metadata added by the platform; payloads carry orgId themselves. */
export const zEventMeta = z.object({
  id: z.string(),
  subject: z.string(),
  occurredAt: z.string(),
  correlationId: z.string().optional(),
});
export type EventMeta = z.output<typeof zEventMeta>;
