import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

/** A failed load: what went wrong (the request layer's translated message) and a retry. */
export function ErrorState(props: { error: unknown; onRetry?: () => void; testId?: string; compact?: boolean }) {
  const { t } = useTranslation('common');
  const message = props.error instanceof ApiError || props.error instanceof Error ? props.error.message : '';
  return (
    <div className={`empty-state${props.compact ? ' empty-state--compact' : ''}`} data-testid={props.testId ?? 'error-state'} role="alert">
      <i className="pi pi-exclamation-triangle empty-state__icon" aria-hidden="true" />
      <p className="empty-state__title">{t('loadFailed')}</p>
      {message && <p className="empty-state__text">{message}</p>}
      {props.onRetry && (
        <div className="empty-state__action">
          <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('retry')} onClick={props.onRetry} data-testid={`${props.testId ?? 'error-state'}-retry`} />
        </div>
      )}
    </div>
  );
}
