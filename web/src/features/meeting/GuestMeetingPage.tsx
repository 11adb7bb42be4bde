import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { MeetingDetailsPage } from './MeetingDetailsPage';

/** The guest meeting page /meeting/{id}?token=… (header-only layout): the details in guest mode, or why there is nothing without a token. */
export function GuestMeetingPage() {
  const { t } = useTranslation('activity');
  const [search] = useSearchParams();
  return (
    <div className="guest-page guest-page--meeting" data-testid="guest-meeting">
      {search.get('token') ? <MeetingDetailsPage guest /> : <EmptyState icon="pi pi-lock" title={t('guest.noToken')} description={t('guest.noTokenText')} />}
    </div>
  );
}
