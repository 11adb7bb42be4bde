import { useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { localized, type Question } from '@app/contracts';
import { ApiError } from '../../api/client';
import { evaluationsApi } from '../../api/evaluations';
import { notify } from '../../api/notify';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi, useRevalidate } from '../../hooks/use-api';
import { ROUTES } from '../../routes';

type Value = number | string | string[] | null;

/**
 * A member answers a round (GET / POST /api/evaluations/rounds/{id}): each question by its kind (a 1-5 scale and one
 * choice as radio groups, several choices as check boxes, a text area); the server checks every answer and its field
 * errors (`answers.<question id>`) show under their question. Answered once; an anonymous round says so.
 */
export function AnswerPage() {
  const { t, i18n } = useTranslation('evaluations');
  const roundId = Number(useParams().roundId);
  const revalidate = useRevalidate();
  const { data, error, isLoading, mutate } = useApi('evaluations/round', [roundId], () => evaluationsApi.round(roundId));
  const [values, setValues] = useState<Record<string, Value>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (isLoading && !data) return <Loading label={t('loading')} />;
  if (error || !data) return <ErrorState error={error} onRetry={() => void mutate()} testId="eval-answer-error" />;
  const lang = i18n.language;
  const set = (id: string, v: Value) => setValues((x) => ({ ...x, [id]: v }));

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answers = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0) && v !== ''));
      const { data: round, message } = await evaluationsApi.answer(roundId, answers);
      await mutate(round, { revalidate: false });
      void revalidate('evaluations/mine');
      notify('success', message ?? t('answer.thanks'));
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.fieldErrors as Record<string, string>);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page eval-page" data-testid="eval-answer-page">
      <PageHeader
        title={localized(data.title, lang)}
        subtitle={t('answer.subtitle', { committee: data.committee.name, deadline: data.deadline })}
        actions={<Link to={ROUTES.evaluations} className="p-button p-button-text p-button-sm">{t('back')}</Link>}
      />
      {data.description && <p>{localized(data.description, lang)}</p>}
      <Message severity="info" text={data.anonymous ? t('answer.anonymousNote') : t('answer.namedNote')} className="eval-note" />
      {data.has_answered ? (
        <Card data-testid="eval-answered"><p>{t('answer.done')}</p></Card>
      ) : !data.can_answer ? (
        <Card data-testid="eval-closed"><p>{t('answer.closed')}</p></Card>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          {data.sections.map((s) => (
            <Card key={s.id} title={localized(s.title, lang)} className="eval-card">
              {s.questions.map((q) => (
                <QuestionInput key={q.id} q={q} lang={lang} value={values[q.id] ?? null} onChange={(v) => set(q.id, v)} error={errors[`answers.${q.id}`]} />
              ))}
            </Card>
          ))}
          {errors.answers && <p className="p-error" role="alert" data-testid="eval-answer-form-error">{errors.answers}</p>}
          <Button type="submit" label={t('answer.submit')} icon="pi pi-send" loading={busy} data-testid="eval-submit" />
        </form>
      )}
    </div>
  );
}

function QuestionInput(props: { q: Question; lang: string; value: Value; onChange: (v: Value) => void; error?: string }) {
  const { t } = useTranslation('evaluations');
  const { q, lang, value, onChange } = props;
  const label = localized(q.text, lang);
  const errId = `eval-${q.id}-error`;
  const described = props.error ? errId : undefined;
  const name = `eval-${q.id}`;
  let input;
  if (q.kind === 'text') {
    input = <InputTextarea id={name} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} rows={3} autoResize aria-describedby={described} aria-invalid={!!props.error} data-testid={name} className="eval-text" />;
  } else {
    const options = q.kind === 'scale' ? [1, 2, 3, 4, 5].map((n) => ({ id: String(n), text: String(n) })) : q.options.map((o) => ({ id: o.id, text: localized(o.text, lang) }));
    const multiple = q.kind === 'multiple';
    const chosen = (id: string) => (multiple ? Array.isArray(value) && value.includes(id) : String(value ?? '') === id);
    const pick = (id: string, on: boolean) => {
      if (q.kind === 'scale') onChange(Number(id));
      else if (!multiple) onChange(id);
      else onChange(on ? [...(Array.isArray(value) ? value : []), id] : (Array.isArray(value) ? value : []).filter((x) => x !== id));
    };
    input = (
      <div className={`eval-options${q.kind === 'scale' ? ' eval-options--scale' : ''}`} role={multiple ? 'group' : 'radiogroup'} aria-labelledby={`${name}-label`} aria-describedby={described}>
        {options.map((o) => (
          <label key={o.id} className="eval-option">
            <input type={multiple ? 'checkbox' : 'radio'} name={name} value={o.id} checked={chosen(o.id)} onChange={(e) => pick(o.id, e.target.checked)} data-testid={`${name}-${o.id}`} />
            <span>{o.text}</span>
          </label>
        ))}
        {q.kind === 'scale' && <span className="eval-scale-hint">{t('answer.scaleHint')}</span>}
      </div>
    );
  }
  return (
    <div className="field eval-question">
      {q.kind === 'text' ? (
        <label htmlFor={name} id={`${name}-label`} className="field__label">{label}{q.required && <span aria-hidden="true"> *</span>}</label>
      ) : (
        <span id={`${name}-label`} className="field__label">{label}{q.required && <span aria-hidden="true"> *</span>}</span>
      )}
      {input}
      {props.error && <small id={errId} className="p-error field__error" role="alert" data-testid={errId}>{props.error}</small>}
    </div>
  );
}
