import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';

/** A guest link past its expiry, or whose meeting or approval has ended: the API answers 410 (GUEST_LINK_EXPIRED). */
export const isExpiredLink = (e: unknown): boolean => e instanceof ApiError && e.status === 410;

/** What a guest sees instead of the page when their link has expired (no error toast: client.ts keeps it quiet). */
export function LinkExpired() {
  const { t } = useTranslation('activity');
  return <EmptyState icon="pi pi-clock" title={t('guest.expired')} description={t('guest.expiredText')} testId="guest-link-expired" />;
}
