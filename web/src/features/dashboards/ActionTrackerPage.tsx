import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Dropdown } from 'primereact/dropdown';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { AppPaths, MEETING_STATUS_IDS } from '@app/contracts';
import { dashboardsApi, TRACKER_GROUP_KEYS, type TrackedAction, type TrackerQuery } from '../../api/dashboards';
import { usersApi } from '../../api/users';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { useApi } from '../../hooks/use-api';
import { formatDate, formatDateTime } from '../../lib/dates';

const SORTS = ['deadline', 'meeting_date', 'priority'] as const;
const SEARCH_DELAY_MS = 300;

function ActionCard(props: { action: TrackedAction }) {
  const { t, i18n } = useTranslation('home');
  const a = props.action;
  /** names of the participants (a guest by e-mail) */
  const people = a.participants.map((p) => p.user?.name || p.user_email).filter((n): n is string => !!n);
  return (
    <li className="tracker-card" data-testid={`tracker-action-${a.id}`}>
      <Link to={AppPaths.meeting(a.meeting_id, { kind: 'action', id: a.id })} className="tracker-card__title">
        {a.title}
      </Link>
      {a.meeting && (
        <div className="tracker-card__meeting">
          <i className="pi pi-briefcase" aria-hidden="true" /> {a.meeting.title} · {formatDate(a.meeting.start_date, i18n.language)}
        </div>
      )}
      <div className="tracker-card__meta">
        <span className={`priority priority--${a.priority.toLowerCase()}`}>{t(`actions.priority.${a.priority}`, { defaultValue: a.priority })}</span>
        <span>
          <i className="pi pi-flag" aria-hidden="true" /> {t('actions.deadline', { date: formatDateTime(a.open_till, i18n.language) })}
        </span>
        {a.locked && <i className="pi pi-lock" aria-label={t('actions.locked')} title={t('actions.locked')} />}
      </div>
      <ProgressBar value={a.progress} showValue={false} style={{ height: 6 }} aria-label={t('actions.progress', { value: a.progress })} />
      {people.length > 0 && <small className="tracker-card__people">{people.join(', ')}</small>}
    </li>
  );
}

/** Action tracker (GET /api/action_tracker): search, sort, meeting status and user filters; the four groups the API returns. */
export function ActionTrackerPage() {
  const { t } = useTranslation('home');
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [sort, setSort] = useState<TrackerQuery['sort']>('deadline');
  const [status, setStatus] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [search]);

  const query: TrackerQuery = { search: debounced, sort, meeting_status: status, user_id: userId };
  const { data, error, isLoading, mutate } = useApi('action-tracker', [debounced, sort, status, userId], () => dashboardsApi.tracker(query), { keepPreviousData: true });
  const { data: people, isLoading: peopleLoading } = useApi('users/all', [], () => usersApi.all());

  return (
    <div data-testid="action-tracker-page">
      <PageHeader title={t('actions.title')} />
      <div className="toolbar">
        <SearchBox value={search} onChange={setSearch} placeholder={t('actions.search')} testId="tracker-search" />
        <Dropdown
          value={sort}
          onChange={(e) => setSort(e.value)}
          options={SORTS.map((s) => ({ value: s, label: t(`actions.sort.${s}`) }))}
          aria-label={t('actions.sortBy')}
          data-testid="tracker-sort"
        />
        <Dropdown
          value={status}
          onChange={(e) => setStatus(e.value ?? null)}
          options={MEETING_STATUS_IDS.map((id) => ({ value: id, label: t(`meetingStatus.${id}`) }))}
          placeholder={t('actions.meetingStatus')}
          aria-label={t('actions.meetingStatus')}
          showClear
          data-testid="tracker-status"
        />
        <Dropdown
          value={userId}
          onChange={(e) => setUserId(e.value ?? null)}
          options={people ?? []}
          optionLabel="name"
          optionValue="id"
          placeholder={t('actions.user')}
          aria-label={t('actions.user')}
          filter
          showClear
          loading={peopleLoading}
          data-testid="tracker-user"
        />
      </div>
      {isLoading && !data ? (
        <Loading label={t('loading')} />
      ) : error && !data ? (
        <div className="surface-card">
          <ErrorState error={error} onRetry={() => void mutate()} testId="tracker-error" />
        </div>
      ) : (
        <div className="board-columns">
          {TRACKER_GROUP_KEYS.map((g) => {
            const group = { items: data?.[g] ?? [], count: data?.counts[g] ?? 0 };
            return (
              <section key={g} className="board-column" aria-label={t(`actions.group.${g}`)} data-testid={`tracker-group-${g}`}>
                <h2 className="board-column__title">
                  {t(`actions.group.${g}`)} <span className="board-column__count">{group.count}</span>
                </h2>
                {group.items.length === 0 ? (
                  <EmptyState icon="pi pi-inbox" title={t('actions.empty')} compact testId={`tracker-empty-${g}`} />
                ) : (
                  <ul className="tracker-list">
                    {group.items.map((a) => (
                      <ActionCard key={a.id} action={a} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
