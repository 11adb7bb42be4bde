import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { localized, type Question } from '@app/contracts';
import { evaluationsApi, type EvaluationResults } from '../../api/evaluations';
import { notify } from '../../api/notify';
import { confirmAction } from '../../components/confirm';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi } from '../../hooks/use-api';
import { saveBlob } from '../../lib/download';
import { ROUTES } from '../../routes';
import { BarChart } from './charts';
import { PdfButton } from './PdfButton';

/**
 * A round's results (GET /api/evaluations/rounds/{id}/results): per question the distribution, the average of a
 * scale and the previous round beside it; an anonymous round shows nothing until the server says `available`; a named
 * round lists each member's answers and exports them as CSV. Everything shown is what the server answered.
 */
export function ResultsPage() {
  const { t, i18n } = useTranslation('evaluations');
  const roundId = Number(useParams().roundId);
  const { data, error, isLoading, mutate } = useApi('evaluations/results', [roundId], () => evaluationsApi.results(roundId));
  const [closing, setClosing] = useState(false);
  if (isLoading && !data) return <Loading label={t('loading')} />;
  if (error || !data) return <ErrorState error={error} onRetry={() => void mutate()} testId="eval-results-error" />;
  const lang = i18n.language;
  const questions = data.round.sections.flatMap((s) => s.questions);
  const exportCsv = async () => saveBlob(await evaluationsApi.csv(roundId), `questionnaire-${roundId}.csv`);
  // closing early (the server's `can_close`): answering and reminders stop; the results keep their rules
  const close = () =>
    confirmAction({
      message: t('results.closeConfirm'),
      danger: true,
      accept: async () => {
        setClosing(true);
        try {
          const r = await evaluationsApi.close(roundId);
          notify('success', r.message ?? t('results.closedToast'));
          await mutate();
        } finally {
          setClosing(false);
        }
      },
    });

  return (
    <div className="page eval-page" data-testid="eval-results-page">
      <PageHeader
        title={localized(data.round.title, lang)}
        subtitle={t('results.subtitle', { committee: data.round.committee.name, deadline: data.round.deadline })}
        actions={
          <>
            <Link to={ROUTES.evaluations} className="p-button p-button-text p-button-sm">{t('back')}</Link>
            {data.round.can_close && (
              <Button type="button" size="small" severity="danger" outlined icon="pi pi-lock" label={t('results.close')} loading={closing} onClick={close} data-testid="eval-close" />
            )}
            <PdfButton roundId={roundId} />
            {!data.round.anonymous && data.responses.length > 0 && (
              <Button type="button" size="small" icon="pi pi-download" label={t('results.csv')} onClick={() => void exportCsv()} data-testid="eval-csv" />
            )}
          </>
        }
      />
      <p data-testid="eval-results-count">
        <Tag value={data.round.anonymous ? t('anonymous') : t('named')} severity={data.round.anonymous ? 'info' : 'warning'} />{' '}
        {t('results.answered', { answered: data.round.answered, recipients: data.round.recipients })}
      </p>
      {data.round.closed_at && <p data-testid="eval-closed-early">{t('results.closedEarly', { date: data.round.closed_at })}</p>}
      {!data.available ? (
        <Card data-testid="eval-results-waiting">
          <p>{data.round.anonymous ? t('results.threshold', { count: data.min_answers }) : t('results.none')}</p>
        </Card>
      ) : (
        data.questions.map((r) => {
          const q = questions.find((x) => x.id === r.question_id);
          return q ? <QuestionCard key={r.question_id} q={q} r={r} lang={lang} /> : null;
        })
      )}
      <Card title={t('results.recipients')} className="eval-card">
        <ul className="eval-people" data-testid="eval-recipients">
          {data.recipients.map((p) => (
            <li key={p.id}>
              <i className={p.answered ? 'pi pi-check-circle' : 'pi pi-circle'} aria-hidden="true" /> {p.name ?? `#${p.id}`} — {p.answered ? t('results.hasAnswered') : t('results.notYet')}
            </li>
          ))}
        </ul>
      </Card>
      {!data.round.anonymous && data.responses.length > 0 && (
        <Card title={t('results.responses')} className="eval-card">
          <div className="eval-table-wrap">
            <table className="eval-table" data-testid="eval-responses">
              <thead>
                <tr>
                  <th scope="col">{t('results.member')}</th>
                  {questions.map((q) => <th scope="col" key={q.id}>{localized(q.text, lang)}</th>)}
                </tr>
              </thead>
              <tbody>
                {data.responses.map((x) => (
                  <tr key={x.user.id}>
                    <th scope="row">{x.user.name ?? `#${x.user.id}`}</th>
                    {questions.map((q) => <td key={q.id}>{answerText(q, x.answers[q.id], lang)}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </div>
  );
}

function answerText(q: Question, a: number | string | string[] | undefined, lang: string): string {
  if (a === undefined) return '';
  if (q.kind === 'single' || q.kind === 'multiple') {
    const ids = Array.isArray(a) ? a : [String(a)];
    return ids.map((id) => localized(q.options.find((o) => o.id === id)?.text, lang) || id).join(', ');
  }
  return String(a);
}

function QuestionCard(props: { q: Question; r: EvaluationResults['questions'][number]; lang: string }) {
  const { t } = useTranslation('evaluations');
  const { q, r, lang } = props;
  const title = localized(q.text, lang);
  const prev = r.previous;
  const label = (value: string) => (q.kind === 'scale' ? value : localized(('options' in q ? q.options : []).find((o) => o.id === value)?.text, lang) || value);
  const delta = r.average !== null && prev?.average != null ? Math.round((r.average - prev.average) * 100) / 100 : null;
  return (
    <Card title={title} className="eval-card" data-testid={`eval-q-${q.id}`}>
      <p className="eval-card__meta">
        {t('results.n', { count: r.n })}
        {r.average !== null && (
          <>
            {' · '}
            <strong data-testid={`eval-avg-${q.id}`}>{t('results.average', { value: r.average.toFixed(2) })}</strong>
          </>
        )}
        {delta !== null && (
          <span data-testid={`eval-delta-${q.id}`}>
            {' · '}
            {t('results.previousAverage', { value: prev!.average!.toFixed(2) })} ({delta > 0 ? '+' : ''}{delta.toFixed(2)})
          </span>
        )}
      </p>
      {q.kind === 'text' ? (
        r.texts.length ? <ul className="eval-texts">{r.texts.map((x, i) => <li key={i}>{x}</li>)}</ul> : <p>{t('results.noTexts')}</p>
      ) : (
        <BarChart
          title={title}
          total={r.n}
          previousLabel={t('results.previous')}
          testId={`eval-chart-${q.id}`}
          bars={r.counts.map((c) => ({ label: label(c.value), count: c.count, previous: prev ? (prev.counts.find((p) => p.value === c.value)?.count ?? 0) : null }))}
        />
      )}
    </Card>
  );
}
