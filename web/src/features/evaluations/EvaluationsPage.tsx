import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router-dom';
import { EVALUATION_REMINDER_CHOICES, localized } from '@app/contracts';
import { evaluationsApi, type MyRounds } from '../../api/evaluations';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi } from '../../hooks/use-api';
import { ROUTES } from '../../routes';

type RoundItem = MyRounds['items'][number];

/** one round as a line: title, committee, deadline, state, and the links the server's flags allow */
export function RoundLine(props: { r: RoundItem; lang: string }) {
  const { t } = useTranslation('evaluations');
  const { r } = props;
  return (
    <li className="eval-round" data-testid={`eval-round-${r.id}`}>
      <div className="eval-round__main">
        <strong>{localized(r.title, props.lang)}</strong>
        <span className="eval-round__meta">{t('round.meta', { committee: r.committee.name, deadline: r.deadline, answered: r.answered, recipients: r.recipients })}</span>
        {r.can_view_results && r.reminder_minutes && (
          <span className="eval-round__meta" data-testid={`eval-round-reminders-${r.id}`}>
            {r.reminder_minutes.length
              ? t('round.reminders', { leads: r.reminder_minutes.map((m) => (EVALUATION_REMINDER_CHOICES.some((c) => c === m) ? t(`send.lead.${m}`) : t('round.leadMinutes', { minutes: m }))).join(', ') })
              : t('round.noReminders')}
          </span>
        )}
      </div>
      <div className="eval-round__actions">
        <Tag value={r.anonymous ? t('anonymous') : t('named')} severity={r.anonymous ? 'info' : 'warning'} />
        {r.has_answered && <Tag value={t('round.answered')} severity="success" />}
        {!r.open && <Tag value={t('round.closed')} severity="secondary" />}
        {r.can_answer && (
          <Link className="p-button p-button-sm" to={generatePath(ROUTES.evaluationAnswer, { roundId: String(r.id) })} data-testid={`eval-answer-${r.id}`}>
            {t('round.answer')}
          </Link>
        )}
        {r.can_view_results && (
          <Link className="p-button p-button-sm p-button-outlined" to={generatePath(ROUTES.evaluationResults, { roundId: String(r.id) })} data-testid={`eval-results-${r.id}`}>
            {t('round.results')}
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * Evaluations (docs/evaluations.md): the rounds the member is asked to answer, and for those who may build
 * (`can_build`: organization and committee admins) the questionnaires with their rounds and a "New questionnaire".
 */
export function EvaluationsPage() {
  const { t, i18n } = useTranslation('evaluations');
  const mine = useApi('evaluations/mine', [], () => evaluationsApi.mine());
  const canBuild = !!mine.data?.can_build;
  const built = useApi(canBuild ? 'evaluations/questionnaires' : null, [], evaluationsApi.questionnaires);
  const lang = i18n.language;
  return (
    <div className="page eval-page" data-testid="evaluations-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={canBuild ? <Link className="p-button p-button-sm" to={generatePath(ROUTES.questionnaire, { id: 'new' })} data-testid="eval-new">{t('new')}</Link> : undefined}
      />
      <Card title={t('mine.title')} className="eval-card">
        {mine.isLoading && !mine.data ? (
          <Loading label={t('loading')} />
        ) : mine.error && !mine.data ? (
          <ErrorState error={mine.error} onRetry={() => void mine.mutate()} compact testId="eval-mine-error" />
        ) : mine.data?.items.length ? (
          <ul className="eval-rounds" data-testid="eval-mine">{mine.data.items.map((r) => <RoundLine key={r.id} r={r} lang={lang} />)}</ul>
        ) : (
          <EmptyState icon="pi pi-check-square" title={t('mine.empty')} compact testId="eval-mine-empty" />
        )}
      </Card>
      {canBuild && (
        <Card title={t('built.title')} className="eval-card">
          {built.isLoading && !built.data ? (
            <Loading label={t('loading')} />
          ) : built.error && !built.data ? (
            <ErrorState error={built.error} onRetry={() => void built.mutate()} compact />
          ) : built.data?.items.length ? (
            <ul className="eval-rounds" data-testid="eval-questionnaires">
              {built.data.items.map((q) => (
                <li key={q.id} className="eval-round">
                  <div className="eval-round__main">
                    <Link to={generatePath(ROUTES.questionnaire, { id: String(q.id) })} data-testid={`eval-questionnaire-${q.id}`}>{localized(q.title, lang)}</Link>
                    <span className="eval-round__meta">{t('built.rounds', { count: q.rounds.length })}</span>
                  </div>
                  <Tag value={q.anonymous ? t('anonymous') : t('named')} severity={q.anonymous ? 'info' : 'warning'} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon="pi pi-list" title={t('built.empty')} compact />
          )}
        </Card>
      )}
    </div>
  );
}
