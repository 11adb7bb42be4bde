import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import type { Validator } from '../lib/validation';

/**
 * Small form state: values, client rules, and the server's field errors (409 `errors`).
 * Messages appear after the first submit, then follow every change.
 */
export function useForm<F extends Record<string, unknown>>(initial: F, validator: Validator<F>) {
  const [values, setValues] = useState<F>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const clientErrors = useMemo(() => validator(values), [validator, values]);
  const errors = (submitted ? { ...serverErrors, ...clientErrors } : { ...serverErrors }) as Partial<Record<keyof F, string>> & Record<string, string | undefined>;

  const set = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key as string];
      return next;
    });
  }, []);

  const handleSubmit = (fn: (values: F) => Promise<void> | void) => async (e?: FormEvent) => {
    e?.preventDefault();
    setSubmitted(true);
    if (Object.values(validator(values)).some(Boolean)) return;
    setSubmitting(true);
    try {
      await fn(values);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setServerErrors(err.fieldErrors);
      else if (!(err instanceof ApiError)) throw err;
    } finally {
      setSubmitting(false);
    }
  };

  const reset = (next: F = initial) => {
    setValues(next);
    setSubmitted(false);
    setServerErrors({});
  };

  return { values, set, setValues, errors, submitting, handleSubmit, reset, submitted };
}
