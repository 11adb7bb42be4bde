import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppPaths, type AgendaType } from '@app/contracts';
import type { CalendarMeeting, HomeItem, MeetingStatusInfo } from '../../api/dashboards';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';

/** The meeting status as the API names and colours it. */
export function StatusTag(props: { status: MeetingStatusInfo }) {
  const { t } = useTranslation('home');
  if (!props.status.name) return null;
  return (
    <span className="status-tag" style={{ color: props.status.color || undefined, background: props.status.bgcolor || undefined }}>
      {t(`meetingStatus.${props.status.id}`, { defaultValue: props.status.name })}
    </span>
  );
}

/** A list of meetings (home tabs, upcoming, calender): title linking to the meeting, date, status, committee, place. */
export function MeetingList(props: { meetings: CalendarMeeting[]; empty: { icon: string; title: string; description?: string }; testId: string }) {
  const { t, i18n } = useTranslation('home');
  if (props.meetings.length === 0) return <EmptyState icon={props.empty.icon} title={props.empty.title} description={props.empty.description} testId={`${props.testId}-empty`} compact />;
  return (
    <ul className="meeting-list" data-testid={props.testId}>
      {props.meetings.map((m) => (
        <li key={m.id} className="meeting-list__item">
          <div className="meeting-list__main">
            <Link to={AppPaths.meeting(m.id)} className="meeting-list__title" data-testid={`meeting-link-${m.id}`}>
              {m.title}
            </Link>
            <StatusTag status={m.status} />
          </div>
          <div className="meeting-list__meta">
            <span>
              <i className="pi pi-clock" aria-hidden="true" /> {formatDateTime(m.start_date, i18n.language)}
            </span>
            {m.committee && (
              <span>
                <i className="pi pi-users" aria-hidden="true" /> {m.committee.name}
              </span>
            )}
            {(m.location || m.virtual === 1) && (
              <span>
                <i className={m.virtual === 1 ? 'pi pi-video' : 'pi pi-map-marker'} aria-hidden="true" /> {m.location || t('meeting.virtual')}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** My agenda's items (agenda, decisions, actions): title linking into the meeting, the meeting, date, status. */
export function AgendaList(props: { items: HomeItem[]; kind: AgendaType; empty: { icon: string; title: string }; testId: string }) {
  const { i18n } = useTranslation('home');
  if (props.items.length === 0) return <EmptyState icon={props.empty.icon} title={props.empty.title} testId={`${props.testId}-empty`} compact />;
  return (
    <ul className="meeting-list" data-testid={props.testId}>
      {props.items.map((a) => (
        <li key={a.id} className="meeting-list__item">
          <div className="meeting-list__main">
            {a.meeting_id !== null ? (
              <Link to={AppPaths.meeting(a.meeting_id, { kind: props.kind, id: a.id })} className="meeting-list__title">
                {a.title}
              </Link>
            ) : (
              <span className="meeting-list__title">{a.title}</span>
            )}
            {a.status && <span className="status-tag">{a.status}</span>}
          </div>
          <div className="meeting-list__meta">
            {a.meeting_title && (
              <span>
                <i className="pi pi-briefcase" aria-hidden="true" /> {a.meeting_title}
              </span>
            )}
            {a.date && (
              <span>
                <i className="pi pi-clock" aria-hidden="true" /> {formatDateTime(a.date, i18n.language)}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
