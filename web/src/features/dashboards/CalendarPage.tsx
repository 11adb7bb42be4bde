import { useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { dashboardsApi, monthParam, type CalendarMeeting } from '../../api/dashboards';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi } from '../../hooks/use-api';
import { formatDate, formatMonth } from '../../lib/dates';
import { MeetingList } from './MeetingList';

/** meetings grouped by their day (server order kept inside a day) */
function byDay(meetings: CalendarMeeting[]): [string, CalendarMeeting[]][] {
  const days = new Map<string, CalendarMeeting[]>();
  for (const m of [...meetings].sort((a, b) => a.start_date.localeCompare(b.start_date))) {
    const day = m.start_date.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), m]);
  }
  return [...days.entries()];
}

/** Calender: the meetings of a month (GET /api/calender?date=YYYY/MM), by day. */
export function CalendarPage() {
  const { t, i18n } = useTranslation('home');
  const [month, setMonth] = useState(() => {
    const d = new Date();
    return new Date(d.getFullYear(), d.getMonth(), 1);
  });
  const key = monthParam(month);
  const { data, error, isLoading, mutate } = useApi('calendar', [key], () => dashboardsApi.calendar(month), { keepPreviousData: true });
  const shift = (n: number) => setMonth((m) => new Date(m.getFullYear(), m.getMonth() + n, 1));
  const label = formatMonth(month, i18n.language);

  let body;
  if (isLoading && !data) body = <Loading label={t('loading')} />;
  else if (error) body = <ErrorState error={error} onRetry={() => void mutate()} testId="calendar-error" />;
  else if (!data || data.length === 0) body = <EmptyState icon="pi pi-calendar" title={t('calendar.empty', { month: label })} testId="calendar-empty" />;
  else
    body = (
      <div className="calendar-days" data-testid="calendar-days">
        {byDay(data).map(([day, meetings]) => (
          <section key={day} className="calendar-day" aria-label={formatDate(day, i18n.language)}>
            <h2 className="calendar-day__title">{formatDate(day, i18n.language)}</h2>
            <MeetingList meetings={meetings} empty={{ icon: 'pi pi-calendar', title: '' }} testId={`calendar-day-${day}`} />
          </section>
        ))}
      </div>
    );

  return (
    <div data-testid="calendar-page">
      <PageHeader
        title={t('calendar.title')}
        actions={
          <div className="month-nav">
            <Button type="button" icon="pi pi-chevron-left" rounded text aria-label={t('calendar.previous')} onClick={() => shift(-1)} className="flip-rtl" data-testid="calendar-previous" />
            <strong className="month-nav__label" data-testid="calendar-month">
              {label}
            </strong>
            <Button type="button" icon="pi pi-chevron-right" rounded text aria-label={t('calendar.next')} onClick={() => shift(1)} className="flip-rtl" data-testid="calendar-next" />
          </div>
        }
      />
      <div className="surface-card">{body}</div>
    </div>
  );
}
