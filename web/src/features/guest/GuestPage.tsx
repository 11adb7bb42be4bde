import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

/** Guest meeting and approval pages (header only); their content arrives with the meeting and approval screens. */
export function GuestPage(props: { kind: 'meeting' | 'approval' }) {
  const { t } = useTranslation('activity');
  const params = useParams();
  const [search] = useSearchParams();
  const hasToken = !!search.get('token');
  const id = params.meetingId ?? params.id ?? '';
  return (
    <div className="surface-card guest-page" data-testid={`guest-${props.kind}`}>
      {hasToken ? (
        <EmptyState icon={props.kind === 'meeting' ? 'pi pi-users' : 'pi pi-verified'} title={t(`guest.${props.kind}.title`, { id })} description={t(`guest.${props.kind}.text`)} />
      ) : (
        <EmptyState icon="pi pi-lock" title={t('guest.noToken')} description={t('guest.noTokenText')} />
      )}
    </div>
  );
}

/** Document viewers, presentation, meeting room and spreadsheets (later issues). */
export function ViewerPage(props: { kind: 'document' | 'viewer' | 'presentation' | 'meetingRoom' | 'sheet' }) {
  const { t } = useTranslation('activity');
  return (
    <div className="surface-card guest-page" data-testid={`viewer-${props.kind}`}>
      <EmptyState icon="pi pi-file" title={t(`viewer.${props.kind}`)} description={t('viewer.text')} />
    </div>
  );
}
