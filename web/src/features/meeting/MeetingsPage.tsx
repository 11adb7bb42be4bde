import './meeting.css';
import { AppPaths, type MeetingSummary } from '@app/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { meetingsApi, type MeetingListQuery } from '../../api/meetings';
import { EmptyState } from '../../components/EmptyState';
import { STACKED_TABLE } from '../../components/stacked-table';
import { ErrorState } from '../../components/ErrorState';
import { isNetworkFailure } from '../offline/keys';
import { OfflineMeetings } from '../offline/OfflineMeetings';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { useApi } from '../../hooks/use-api';
import { formatDateTime } from '../../lib/dates';
import { StatusTag } from '../dashboards/MeetingList';
import { pagedTable, usePaged } from '../organization/use-paged';
import { MeetingDrawer } from './MeetingForm';
import { useMeetingCommittees } from './use-committees';
import { onMeetingDraft, takePendingDraft } from '../voice/draft-events';
import type { MeetingDraft } from '../voice/parse';

export const ROLE_FILTERS = ['All', 'Organizer', 'Editor', 'Participate'] as const;
type RoleFilter = (typeof ROLE_FILTERS)[number];

/**
 * The user's meetings (/app/activity/meetings): role filter, search, paging, status tags, and the
 * create drawer for those who administer a committee. Empty and failed loads say so.
 */
export function MeetingsPage() {
  const { t, i18n } = useTranslation('meeting');
  const paged = usePaged();
  const [role, setRole] = useState<RoleFilter>('All');
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<MeetingDraft | null>(null);
  const committees = useMeetingCommittees();
  // a meeting dictated by voice (docs/product/voice.md) opens the create drawer filled in, for the user to check
  useEffect(() => {
    const open = (d: MeetingDraft) => {
      setDraft(d);
      setCreating(true);
    };
    const pending = takePendingDraft();
    if (pending) open(pending);
    return onMeetingDraft(open);
  }, []);
  const q: MeetingListQuery = { page: paged.page, per_page: paged.perPage, search: paged.query || undefined, role };
  const { data, error, isLoading, mutate } = useApi('meetings', [q.page, q.per_page, q.search, role], () => meetingsApi.list(q), { keepPreviousData: true });
  const canCreate = committees.length > 0;
  const filtered = role !== 'All' || !!paged.query;

  return (
    <div data-testid="meetings-page">
      <PageHeader
        title={t('list.title')}
        actions={canCreate ? <Button type="button" icon="pi pi-plus" label={t('newMeeting')} onClick={() => setCreating(true)} data-testid="meeting-create" /> : undefined}
      />
      <div className="surface-card">
        <div className="toolbar">
          <SelectButton
            value={role}
            options={ROLE_FILTERS.map((r) => ({ value: r, label: t(`role.${r}`) }))}
            onChange={(e) => e.value && setRole(e.value as RoleFilter)}
            allowEmpty={false}
            data-testid="meetings-role"
          />
          <span className="spacer" />
          <SearchBox testId="meetings-search" value={paged.search} onChange={paged.setSearch} placeholder={t('list.search')} />
        </div>
        {error && !data && isNetworkFailure(error) ? (
          <OfflineMeetings onRetry={() => void mutate()} />
        ) : error && !data ? (
          <ErrorState error={error} onRetry={() => void mutate()} testId="meetings-error" />
        ) : (
          <DataTable
            {...pagedTable(paged, data, isLoading)}
            {...STACKED_TABLE}
            emptyMessage={
              <EmptyState
                icon="pi pi-users"
                title={filtered ? t('list.noMatch') : t('list.empty')}
                description={filtered ? t('list.noMatchText') : canCreate ? t('list.emptyCreate') : t('list.emptyText')}
                testId="meetings-empty"
                compact
              />
            }
            data-testid="meetings-table"
          >
            <Column
              header={t('list.meeting')}
              body={(m: MeetingSummary) => (
                <span>
                  <Link to={AppPaths.meeting(m.id)} className="meeting-link" data-testid={`meeting-row-${m.id}`}>
                    {m.title}
                  </Link>
                  {m.committee && <small className="muted block">{m.committee.name}</small>}
                </span>
              )}
            />
            <Column header={t('list.date')} body={(m: MeetingSummary) => <span className="nowrap">{formatDateTime(m.start_date, i18n.language)}</span>} />
            <Column header={t('list.place')} body={(m: MeetingSummary) => (m.virtual ? <span><i className="pi pi-video" aria-hidden="true" /> {m.virtual_type ?? t('virtual')}</span> : m.location)} />
            <Column header={t('list.members')} body={(m: MeetingSummary) => m.members_count} />
            <Column header={t('list.role')} body={(m: MeetingSummary) => t(`role.${m.role}`)} />
            <Column header={t('list.status')} body={(m: MeetingSummary) => <StatusTag status={m.status} />} />
          </DataTable>
        )}
      </div>
      <MeetingDrawer visible={creating} meeting={null} committees={committees} draft={draft} onHide={() => { setCreating(false); setDraft(null); }} />
    </div>
  );
}
