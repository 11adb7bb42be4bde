import { M, OrgMessages, req } from '@app/contracts';

/**
 * Form rules of docs/product/errors.md#validation-rules. Forms validate with the same zod schemas the gateway applies to their
 * HTTP bodies (`z...Body`, `req.*` in @app/contracts), so the browser and the server speak the same
 * messages. A rule returns an English message (a translation key) or null.
 */
export type Rule<V = string> = (value: V) => string | null;

/** What the web needs of a zod schema (kept structural: the web does not import zod itself). */
export interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** A single-field rule from a field schema (`req.email()`, `newsFields.url`...). */
export function fieldRule(schema: Schema): Rule<unknown> {
  return (value) => {
    const r = schema.safeParse(value);
    return r.success ? null : r.error.issues[0]?.message ?? M.invalid;
  };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const MISMATCHED_PASSWORD = OrgMessages.mismatchedPassword;
export const MISMATCHED_PIN = OrgMessages.mismatchedPin;
export const PHOTO_REQUIRED = OrgMessages.photoRequired;
export const TEAM_REQUIRED = OrgMessages.teamRequired;
export const MEDIA_PENDING = 'Please wait until all media are uploaded';

export const rules = {
  required: (v: unknown): string | null => (isBlank(v) ? M.required : null),
  email: fieldRule(req.email()) as Rule<string>,
  password: fieldRule(req.password()) as Rule<string>,
  /** required, digits only, at most 12 */
  phone: fieldRule(req.phone()) as Rule<string>,
  pin: fieldRule(req.pin()) as Rule<string>,
  /** the retyped value must equal the first one */
  same:
    (other: string, message: string = MISMATCHED_PASSWORD) =>
    (v: string): string | null =>
      isBlank(v) ? M.required : v === other ? null : message,
};

export type Errors<F> = Partial<Record<keyof F, string>>;
export type Validator<F> = (values: F) => Errors<F>;

/** Run rules per field; the first failing rule of a field gives its message. */
export function validateWith<F>(spec: { [K in keyof F]?: Array<(value: F[K], all: F) => string | null> }): Validator<F> {
  return (values: F) => {
    const out: Errors<F> = {};
    for (const key of Object.keys(spec) as Array<keyof F>) {
      for (const rule of spec[key] ?? []) {
        const msg = rule(values[key], values);
        if (msg) {
          out[key] = msg;
          break;
        }
      }
    }
    return out;
  };
}

/**
 * Validate a form with the contract's body schema: `toBody` turns form values into the body sent, and
 * the first issue of each top-level field is that field's message. `extra` rules (checked by the
 * service or needing nicer wording on the client) take precedence.
 */
export function schemaValidator<F>(schema: Schema, toBody: (values: F) => unknown = (v) => v, extra?: Validator<F>): Validator<F> {
  return (values: F) => {
    const out: Errors<F> = { ...(extra ? extra(values) : {}) };
    const r = schema.safeParse(toBody(values));
    if (!r.success) {
      for (const issue of r.error.issues) {
        const key = String(issue.path[0] ?? '_') as keyof F;
        if (out[key] === undefined) out[key] = issue.message;
      }
    }
    for (const key of Object.keys(out) as Array<keyof F>) if (!out[key]) delete out[key];
    return out;
  };
}
