import { z } from 'zod';
import { AppError } from './errors';
import type { FieldErrors } from './errors';
import { INT4_MAX, numeric } from './common';

/**
 * Validation messages are English sentences that double as translation keys (see i18n/messages.ts).
 * The zod error map below gives every schema the same wording, so the gateway, the services and the
 * web show the same text for the same rule.
 */
export const M = {
  required: 'This field is required.',
  email: 'The email must be a valid email address.',
  string: 'This field must be a string.',
  number: 'This field must be a number.',
  integer: 'This field must be an integer.',
  boolean: 'This field must be true or false.',
  date: 'This field must be a valid date.',
  invalid: 'This field is invalid.',
  tooLong: 'This field may not be greater than {max} characters.',
  tooShort: 'This field must be at least {min} characters.',
  tooSmall: 'This field must be at least {min}.',
  tooBig: 'This field may not be greater than {max}.',
  oneOf: 'The selected value is invalid.',
  unknown: 'This field is not allowed.',
} as const;

let configured = false;
export function configureZodMessages(): void {
  if (configured) return;
  configured = true;
  z.config({
    customError: (iss) => {
      switch (iss.code) {
        case 'invalid_type':
          if (iss.input === undefined || iss.input === null || iss.input === '') return M.required;
          if (iss.expected === 'number' || iss.expected === 'int') return M.number;
          if (iss.expected === 'boolean') return M.boolean;
          if (iss.expected === 'string') return M.string;
          return M.invalid;
        case 'too_small':
          if (iss.origin === 'string') return Number(iss.minimum) <= 1 ? M.required : M.tooShort.replace('{min}', String(iss.minimum));
          if (iss.origin === 'array') return Number(iss.minimum) <= 1 ? M.required : M.tooSmall.replace('{min}', String(iss.minimum));
          return M.tooSmall.replace('{min}', String(iss.minimum));
        case 'too_big':
          if (iss.origin === 'string') return M.tooLong.replace('{max}', String(iss.maximum));
          return M.tooBig.replace('{max}', String(iss.maximum));
        case 'invalid_format':
          if (iss.format === 'email') return M.email;
          return M.invalid;
        case 'invalid_value':
          return M.oneOf;
        case 'unrecognized_keys':
          return M.unknown;
        case 'invalid_union':
          return iss.input === undefined || iss.input === null || iss.input === '' ? M.required : M.invalid;
        default:
          return undefined;
      }
    },
  });
}
configureZodMessages();

/** zod issues -> { 'field.path': [messages] } */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  // a Map, not an object literal: a field named `constructor` or `__proto__` must not reach Object.prototype
  const out = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = out.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    out.set(key, list);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key].join('.'), issue.message);
      continue;
    }
    add(issue.path.length ? issue.path.map(String).join('.') : '_', issue.message);
  }
  return Object.fromEntries(out);
}

/** Parse or throw AppError VALIDATION (409 'Error in validation' with field errors). */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('VALIDATION', { fields: fieldErrorsOf(r.error) });
  return r.data;
}

/** A missing value says 'required'; any other issue keeps its own message (the global map above). */
const requiredOnly = { error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? M.required : undefined) };

/** Common field schemas with the spec's rules (docs/product/errors.md#validation-rules). */
export const req = {
  /** required, trimmed, non-empty string */
  text: (max = 255) => z.string(requiredOnly).trim().min(1, M.required).max(max),
  optionalText: (max = 5000) => z.string().trim().max(max).optional().nullable(),
  email: () => z.string(requiredOnly).trim().min(1, M.required).toLowerCase().pipe(z.email(M.email)),
  /** at least 8 characters with a special character and a capital letter */
  password: () =>
    z
      .string({ error: M.required })
      // an empty field says only that it is required
      .min(1, { error: M.required, abort: true })
      .min(8, 'The password must be at least 8 characters.')
      .regex(/[A-Z]/, 'The password must contain at least one capital letter.')
      .regex(/[^A-Za-z0-9]/, 'The password must contain at least one special character.'),
  /** digits only, at most 12 */
  phone: () =>
    z
      .string({ error: M.required })
      .trim()
      .min(1, { error: M.required, abort: true })
      .regex(/^\d+$/, 'The phone must contain digits only.')
      .max(12, 'The phone may not be greater than 12 digits.'),
  /** 5 digits */
  pin: () => z.string(requiredOnly).regex(/^\d{5}$/, 'The PIN must be 5 digits.'),
  /** quorum percentage 5..100 */
  quorum: () =>
    numeric(
      z
        .number({ error: 'The quorum must be a number.' })
        .min(5, 'The quorum must be between 5% and 100%.')
        .max(100, 'The quorum must be between 5% and 100%.'),
    ),
  /** ids come from selects: missing, '' or 0 mean nothing was chosen; booleans, arrays, fractions and negatives are invalid */
  id: () => numeric(z.number({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? M.required : M.invalid) }).int(M.invalid).refine((n) => n !== 0, { message: M.required, abort: true }).positive(M.invalid).max(INT4_MAX, M.invalid)),
  ids: () => z.array(numeric(z.number({ error: M.invalid }).int(M.invalid).positive(M.invalid).max(INT4_MAX, M.invalid))),
  bool01: () => z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
};
