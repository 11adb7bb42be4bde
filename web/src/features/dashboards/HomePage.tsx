import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from 'primereact/card';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { dashboardsApi, type HomeDashboard } from '../../api/dashboards';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { useProfile } from '../../hooks/use-profile';
import { ROUTES } from '../../routes';
import { AgendaList, MeetingList } from './MeetingList';
import { RemindersWidget } from './RemindersWidget';
import { PendingQuestionnaires } from '../evaluations/PendingWidget';

/**
 * The home dashboard (docs/product/administration.md#home-calendar-and-reminders): welcome with ongoing/pending/draft tabs, my agenda
 * (agenda, decisions, actions), upcoming meetings with a see-all link (GET /api/home), and the
 * reminders widget (GET /api/reminders).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { data: profile } = useProfile();
  const { data, error, isLoading, mutate } = useApi('home', [], dashboardsApi.home);

  /** each card shows the shared answer's loading and error states, then its own part */
  const part = (testId: string, render: (home: HomeDashboard) => ReactNode) => {
    if (isLoading && !data) return <Loading label={t('loading')} />;
    if (error && !data) return <ErrorState error={error} onRetry={() => void mutate()} testId={`${testId}-error`} compact />;
    return data ? render(data) : null;
  };
  const tab = (label: string, count: number | undefined) => (count ? `${label} (${count})` : label);
  // until the user picks a tab, open the first one that has something in it
  const [welcomeTab, setWelcomeTab] = useState<number | null>(null);
  const [agendaTab, setAgendaTab] = useState<number | null>(null);
  const firstFilled = (lists: unknown[][] | undefined) => Math.max(0, lists?.findIndex((l) => l.length > 0) ?? 0);

  return (
    <div className="home-grid" data-testid="home-page">
      <Card className="home-grid__welcome" title={profile?.name ? t('welcome.named', { name: profile.name }) : t('welcome.title')} subTitle={t('welcome.subtitle')}>
        <TabView activeIndex={welcomeTab ?? firstFilled(data && [data.ongoing, data.pending, data.draft])} onTabChange={(e) => setWelcomeTab(e.index)}>
          <TabPanel header={tab(t('welcome.ongoing'), data?.ongoing.length)}>
            {part('home-ongoing', (h) => <MeetingList meetings={h.ongoing} empty={{ icon: 'pi pi-play-circle', title: t('welcome.noOngoing') }} testId="home-ongoing" />)}
          </TabPanel>
          <TabPanel header={tab(t('welcome.pending'), data?.pending.length)}>
            {part('home-pending', (h) => <MeetingList meetings={h.pending} empty={{ icon: 'pi pi-clock', title: t('welcome.noPending') }} testId="home-pending" />)}
          </TabPanel>
          <TabPanel header={tab(t('welcome.draft'), data?.draft.length)}>
            {part('home-draft', (h) => <MeetingList meetings={h.draft} empty={{ icon: 'pi pi-file-edit', title: t('welcome.noDraft') }} testId="home-draft" />)}
          </TabPanel>
        </TabView>
      </Card>

      <Card className="home-grid__agenda" title={t('agenda.title')} data-tour="my-agenda">
        <TabView activeIndex={agendaTab ?? firstFilled(data && [data.my_agenda.agenda, data.my_agenda.decisions, data.my_agenda.actions])} onTabChange={(e) => setAgendaTab(e.index)}>
          <TabPanel header={tab(t('agenda.agenda'), data?.my_agenda.agenda.length)}>
            {part('home-agenda', (h) => <AgendaList items={h.my_agenda.agenda} kind="talking_point" empty={{ icon: 'pi pi-list', title: t('agenda.noAgenda') }} testId="home-agenda" />)}
          </TabPanel>
          <TabPanel header={tab(t('agenda.decisions'), data?.my_agenda.decisions.length)}>
            {part('home-decisions', (h) => <AgendaList items={h.my_agenda.decisions} kind="decision" empty={{ icon: 'pi pi-check-square', title: t('agenda.noDecisions') }} testId="home-decisions" />)}
          </TabPanel>
          <TabPanel header={tab(t('agenda.actions'), data?.my_agenda.actions.length)}>
            {part('home-actions', (h) => <AgendaList items={h.my_agenda.actions} kind="action" empty={{ icon: 'pi pi-bolt', title: t('agenda.noActions') }} testId="home-actions" />)}
          </TabPanel>
        </TabView>
      </Card>

      <Card
        className="home-grid__upcoming"
        data-tour="upcoming-meetings"
        title={
          <div className="card-title-row">
            <span>{t('upcoming.title')}</span>
            <Link to={ROUTES.meetings} data-testid="upcoming-see-all">
              {t('upcoming.seeAll')}
            </Link>
          </div>
        }
      >
        {part('home-upcoming', (h) => (
          <MeetingList meetings={h.upcoming} empty={{ icon: 'pi pi-calendar', title: t('upcoming.empty'), description: t('upcoming.emptyText') }} testId="home-upcoming" />
        ))}
      </Card>

      <PendingQuestionnaires />
      <RemindersWidget />
    </div>
  );
}
