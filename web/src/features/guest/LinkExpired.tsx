import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';

/** A guest link past its expiry, revoked, or whose meeting or approval has ended: the API answers 410 (GUEST_LINK_EXPIRED, GUEST_LINK_REVOKED). */
export const isExpiredLink = (e: unknown): boolean => e instanceof ApiError && e.status === 410;

/** the link was revoked by the meeting's owner or an administrator (the 410's code) */
export const isRevokedLink = (e: unknown): boolean => isExpiredLink(e) && (e as ApiError).body !== null && typeof (e as ApiError).body === 'object' && ((e as ApiError).body as { code?: unknown }).code === 'GUEST_LINK_REVOKED';

/** What a guest sees instead of the page when their link has expired or was revoked (no error toast: client.ts keeps it quiet). */
export function LinkExpired(props: { error?: unknown }) {
  const { t } = useTranslation('activity');
  if (isRevokedLink(props.error)) return <EmptyState icon="pi pi-ban" title={t('guest.revoked')} description={t('guest.revokedText')} testId="guest-link-revoked" />;
  return <EmptyState icon="pi pi-clock" title={t('guest.expired')} description={t('guest.expiredText')} testId="guest-link-expired" />;
}
