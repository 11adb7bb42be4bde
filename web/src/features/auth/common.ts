import { useState } from 'react';
import { ApiError, OTHER_ERROR } from '../../api/client';
import { useForm } from '../../hooks/use-form';
import type { Validator } from '../../lib/validation';

/** Sign-in screens show the server's message (docs/product/errors.md#the-catalogue). */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.serverMessage || e.message;
  return OTHER_ERROR;
}

/**
 * A form of the e-mailed-link and e-mail screens (forgot password, SSO, reset password, complete profile):
 * once the client rules pass, `send` runs; if it fails, or returns a message, that message is shown above the fields.
 */
export function useAuthForm<F extends Record<string, unknown>>(initial: F, validator: Validator<F>, send: (values: F) => Promise<string | null | void>) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<F>(initial, validator);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const failure = await send(v);
      if (failure) setError(failure);
    } catch (e) {
      setError(errorText(e));
    }
  });
  return { form, error, submit };
}
