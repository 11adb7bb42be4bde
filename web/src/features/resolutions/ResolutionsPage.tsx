import '../meeting/decisions/decisions.css';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { dashboardsApi } from '../../api/dashboards';
import { resolutionsApi, type Resolution } from '../../api/decisions';
import type { Paged } from '../../api/paging';
import type { Ref } from '../../api/users';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { useApi } from '../../hooks/use-api';
import { useLiveResolutions } from '../../hooks/use-live-resolutions';
import { useOrgPublic } from '../../hooks/use-org';
import { useCan, useProfile } from '../../hooks/use-profile';
import { formatDateTime } from '../../lib/dates';
import { pagedTable, usePaged } from '../organization/use-paged';
import { useCommitteeOptions } from '../organization/pickers';
import { VOTE_COLOURS } from '../meeting/decisions/vote-rules';
import { choiceNames } from '../meeting/decisions/ElectionResult';
import { MeetingDecisionDialog } from './MeetingDecisionDialog';
import { ResolutionDialog } from './ResolutionDialog';

/** 'ALL' and committee 0 stand for no filter (a Dropdown shows no label for a null or empty value) */
type StateFilter = 'ALL' | 'OPEN' | 'DUE';
const ALL_COMMITTEES = 0;

/** the committees a new resolution may name: all for an organization admin, else those the user administers or (with decisions_create) belongs to */
function useCreateCommittees(): Ref[] {
  const { data: profile } = useProfile();
  const can = useCan();
  const all = useCommitteeOptions(!!profile?.is_admin);
  return useMemo(() => {
    if (!profile) return [];
    if (profile.is_admin) return all.data ?? [];
    const out = new Map<number, Ref>();
    for (const c of profile.admin_committees) out.set(c.id, c);
    if (can('decisions_create')) for (const c of profile.member_committees) out.set(c.id, c);
    return [...out.values()];
  }, [profile, all.data, can]);
}

/**
 * Resolutions (/app/activity/decisions): the standalone resolutions of the user's committees (search,
 * committee, OPEN/DUE, ended; create, view, vote, edit, end/resume, delete as the server allows) and the
 * meeting decisions waiting for the user's vote.
 */
export function ResolutionsPage() {
  const { t, i18n } = useTranslation('decisions');
  const paged = usePaged(10);
  const [committeeId, setCommitteeId] = useState<number>(ALL_COMMITTEES);
  const [state, setState] = useState<StateFilter>('ALL');
  const [ended, setEnded] = useState(false);
  // `?id=` (a search result, AppPaths.resolution) opens that resolution; closing it leaves the list
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<{ id: number | null } | null>(null);
  useEffect(() => {
    if (!params.has('id')) return;
    const id = Number(params.get('id'));
    if (Number.isInteger(id) && id > 0) setOpen({ id });
  }, [params]);
  const close = () => {
    setOpen(null);
    if (!params.has('id')) return;
    const next = new URLSearchParams(params);
    next.delete('id');
    setParams(next, { replace: true });
  };
  const [meetingDecision, setMeetingDecision] = useState<number | null>(null);
  const createCommittees = useCreateCommittees();
  const { org } = useOrgPublic();

  const query = { page: paged.page, per_page: paged.perPage, search: paged.query || undefined, committee_id: committeeId || undefined, state: state === 'ALL' ? undefined : state, archived: ended ? 1 : undefined };
  const list = useApi<Paged<Resolution>>('resolutions', [query], () => resolutionsApi.list(query));
  const home = useApi('home', [], dashboardsApi.home);
  const filterCommittees = useMemo(() => {
    const out = new Map<number, Ref>(createCommittees.map((c) => [c.id, c]));
    for (const r of list.data?.items ?? []) if (r.committee) out.set(r.committee.id, r.committee);
    return [...out.values()];
  }, [createCommittees, list.data]);

  const refresh = () => {
    void list.mutate();
    void home.mutate();
  };
  // another person's vote or change of a resolution the user may see: the list and an open dialog load again
  // (changes arriving together are loaded once, within 300 ms); after a reconnect everything is loaded
  const [liveTick, setLiveTick] = useState(0);
  const liveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (liveTimer.current && clearTimeout(liveTimer.current)), []);
  useLiveResolutions((msg) => {
    if (msg.type === 'ready' && !msg.resync) return;
    if (liveTimer.current) return;
    liveTimer.current = setTimeout(() => {
      liveTimer.current = null;
      void list.mutate();
      setLiveTick((n) => n + 1);
    }, 300);
  });

  const stateTag = (r: Resolution) => <Tag value={t(r.state)} severity={r.state === 'DUE' ? 'danger' : 'success'} data-testid={`resolution-state-${r.id}`} />;
  // an election (docs/ballots.md#elections): how many have voted; its results are per candidate, in its details
  const votes = (r: Resolution) =>
    r.election ? (
      <span className="resolution-votes" data-testid={`resolution-election-${r.id}`}>
        {t('secret.cast', { cast: r.votes_cast, total: r.total_voters })}
      </span>
    ) : (
      <span className="resolution-votes">
        {r.tallies
          .filter((x) => x.count > 0)
          .map((x) => (
            <span key={x.vote} className="resolution-votes__item" style={{ color: VOTE_COLOURS[x.vote] }} title={t(x.label)}>
              {t(x.label)} {x.count}
            </span>
          ))}
      </span>
    );

  return (
    <div className="page resolutions-page" data-testid="resolutions-page">
      <PageHeader
        title={t('page.title')}
        actions={createCommittees.length > 0 ? <Button label={t('page.add')} icon="pi pi-plus" onClick={() => setOpen({ id: null })} data-testid="resolution-add" /> : undefined}
      />
      <TabView>
        <TabPanel header={t('page.standalone')}>
          <div className="toolbar">
            <SearchBox value={paged.search} onChange={paged.setSearch} placeholder={t('page.search')} testId="resolutions-search" />
            <Dropdown
              value={committeeId}
              options={[{ value: ALL_COMMITTEES, label: t('page.allCommittees') }, ...filterCommittees.map((c) => ({ value: c.id, label: c.name }))]}
              onChange={(e) => setCommitteeId((e.value as number | null) ?? ALL_COMMITTEES)}
              aria-label={t('committee')}
              data-testid="resolutions-committee"
            />
            <Dropdown
              value={state}
              options={[
                { value: 'ALL', label: t('page.allStates') },
                { value: 'OPEN', label: t('OPEN') },
                { value: 'DUE', label: t('DUE') },
              ]}
              onChange={(e) => setState(e.value as StateFilter)}
              aria-label={t('col.state')}
              data-testid="resolutions-state"
            />
            <span className="form-row">
              <InputSwitch inputId="resolutions-ended" checked={ended} onChange={(e) => setEnded(!!e.value)} data-testid="resolutions-ended" />
              <label htmlFor="resolutions-ended">{t('page.ended')}</label>
            </span>
          </div>
          {list.error ? (
            <ErrorState error={list.error} onRetry={() => void list.mutate()} testId="resolutions-error" />
          ) : (
            <DataTable
              key={i18n.language}
              {...pagedTable(paged, list.data, list.isLoading)}
              onRowClick={(e) => setOpen({ id: (e.data as Resolution).id })}
              rowClassName={() => 'clickable-row'}
              emptyMessage={<EmptyState icon="pi pi-check-square" title={t('page.empty')} testId="resolutions-empty" compact />}
              data-testid="resolutions-table"
            >
              <Column header={t('col.title')} body={(r: Resolution) => <span data-testid={`resolution-row-${r.id}`}>{r.title}</span>} />
              <Column header={t('col.committee')} body={(r: Resolution) => r.committee?.name ?? ''} />
              <Column header={t('col.deadline')} body={(r: Resolution) => <bdi>{formatDateTime(r.deadline, i18n.language)}</bdi>} />
              <Column header={t('col.state')} body={stateTag} />
              <Column header={t('col.votes')} body={votes} />
              <Column header={t('page.myVote')} body={(r: Resolution) => (r.election ? (r.election.my_choices ? choiceNames(r.election, r.election.my_choices, t('election.blank')) : '') : r.my_vote ? t(r.tallies.find((x) => x.vote === r.my_vote)?.label ?? r.my_vote) : '')} />
            </DataTable>
          )}
        </TabPanel>
        <TabPanel header={t('page.meeting')}>
          {home.error ? (
            <ErrorState error={home.error} onRetry={() => void home.mutate()} testId="meeting-decisions-error" />
          ) : (home.data?.my_agenda.decisions.length ?? 0) === 0 && !home.isLoading ? (
            <EmptyState icon="pi pi-check-square" title={t('page.meetingEmpty')} testId="meeting-decisions-empty" compact />
          ) : (
            <DataTable key={i18n.language} value={home.data?.my_agenda.decisions ?? []} loading={home.isLoading} dataKey="id" onRowClick={(e) => setMeetingDecision((e.data as { id: number }).id)} rowClassName={() => 'clickable-row'} data-testid="meeting-decisions-table">
              <Column header={t('col.title')} body={(r: { id: number; title: string }) => <span data-testid={`meeting-decision-row-${r.id}`}>{r.title}</span>} />
              <Column header={t('col.meeting')} field="meeting_title" />
              <Column header={t('col.deadline')} body={(r: { date: string | null }) => <bdi>{formatDateTime(r.date, i18n.language)}</bdi>} />
              <Column header={t('col.state')} body={(r: { status: string | null }) => (r.status ? <Tag value={t(r.status)} severity="success" /> : null)} />
            </DataTable>
          )}
        </TabPanel>
      </TabView>
      <ResolutionDialog
        resolutionId={open?.id ?? null}
        visible={open !== null}
        committees={createCommittees}
        variant={org?.variant}
        onHide={close}
        onChanged={refresh}
        liveTick={liveTick}
      />
      <MeetingDecisionDialog decisionId={meetingDecision} visible={meetingDecision !== null} onHide={() => setMeetingDecision(null)} onChanged={refresh} />
    </div>
  );
}
