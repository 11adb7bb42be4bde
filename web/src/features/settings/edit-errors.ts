import { ApiError } from '../../api/client';
import { notify } from '../../api/notify';
import { translateMessage } from '../../i18n';

/** Profile and organization edits report 'Error' / 'Validation error' (docs/product/errors.md#the-catalogue). */
export function reportEditError(e: unknown): void {
  if (e instanceof ApiError && e.status === 409) notify('error', translateMessage('Error'), translateMessage('Validation error'));
  else if (e instanceof ApiError && e.status !== 401 && e.status !== 403) notify('error', translateMessage('Error'), e.message);
}
