import { Routes } from '@app/contracts';
import { Sidebar } from 'primereact/sidebar';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { formatDateTime } from '../../lib/dates';

/** The Meeting Details drawer of /document/{fileId}/{meetingId}: title, date, location, status (members, or a guest's token). */
export function MeetingDetailsDrawer(props: { meetingId: number; token?: string; visible: boolean; onHide(): void }) {
  const { t, i18n } = useTranslation('viewer');
  const meeting = useApi(props.visible ? 'meeting/details' : null, [props.meetingId, props.token ?? null], () => api(Routes.getMeeting, { params: { id: props.meetingId }, token: props.token }));
  const m = meeting.data;
  return (
    <Sidebar visible={props.visible} onHide={props.onHide} position={i18n.dir() === 'rtl' ? 'left' : 'right'} style={{ width: 420 }} header={t('meetingDetails')} data-testid="meeting-details-drawer">
      {meeting.error ? (
        <ErrorState error={meeting.error} onRetry={() => void meeting.mutate()} />
      ) : !m ? (
        <Loading />
      ) : (
        <dl className="details-list">
          <dt>{t('meeting.title')}</dt>
          <dd>{m.title}</dd>
          <dt>{t('meeting.date')}</dt>
          <dd>{formatDateTime(m.start_date, i18n.language)}</dd>
          <dt>{t('meeting.location')}</dt>
          <dd>{m.location ?? ''}</dd>
          <dt>{t('meeting.status')}</dt>
          <dd>{m.status.name}</dd>
        </dl>
      )}
    </Sidebar>
  );
}
