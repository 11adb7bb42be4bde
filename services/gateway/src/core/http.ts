import type { PageMeta } from '@app/contracts';

/** The success shapes of docs/conventions.md. */
export function ok<T>(data: T, message?: string): { success: true; message?: string; data: T } {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}
export function paged<T>(page: { items: T[]; meta: PageMeta }, message?: string) {
  return { success: true as const, ...(message ? { message } : {}), data: page.items, meta: page.meta };
}
