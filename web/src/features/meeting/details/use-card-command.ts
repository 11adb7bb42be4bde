import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { notify } from '../../../api/notify';
import { useMessage } from '../../../i18n';

/**
 * A meeting card's command (the chair's card, the proxies card): busy while it runs, the server's message as a
 * success toast and the meeting read again; a refusal's field errors under their fields, any other error as a toast.
 * `run` answers whether the command succeeded.
 */
export function useCardCommand<E extends Partial<Record<string, string>>>(onChanged: () => void) {
  const m = useMessage();
  const [errors, setErrors] = useState<E>({} as E);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<{ message: string | null }>): Promise<boolean> => {
    setBusy(true);
    setErrors({} as E);
    try {
      const r = await fn();
      notify('success', m(r.message ?? 'Done'));
      onChanged();
      return true;
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors as E);
      else notify('error', err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, run };
}
