import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useNavigate, useParams } from 'react-router-dom';
import { EVALUATION_REMINDER_CHOICES, QUESTION_KINDS, type Question, type QuestionKind, type Section } from '@app/contracts';
import { ApiError } from '../../api/client';
import { evaluationsApi } from '../../api/evaluations';
import { notify } from '../../api/notify';
import { ErrorState } from '../../components/ErrorState';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi, useRevalidate } from '../../hooks/use-api';
import { useMessage } from '../../i18n';
import { ROUTES } from '../../routes';
import {
  DEFAULT_REMINDERS, EDIT_LANGS, deadlineParam, emptyDraft, newQuestion, nextId, reminderErrors, reminderParam, setText, textIn, toBody, toggleReminder, withKind,
  type Draft, type EditLang,
} from './builder';
import { RoundLine } from './EvaluationsPage';

/**
 * Build a questionnaire and send it (POST/PUT /api/evaluations/questionnaires, POST …/{id}/rounds): texts are edited
 * one language at a time (English required), sections of questions of four kinds, anonymous or named; then a committee,
 * a deadline and the reminders (check boxes of leads before the deadline, 3 days and 1 day ticked). The server
 * validates; its field errors show under their field, a reminder's beside the lead it is about.
 */
export function QuestionnairePage() {
  const { t, i18n } = useTranslation('evaluations');
  const id = useParams().id;
  const isNew = id === 'new';
  const qid = isNew ? null : Number(id);
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const list = useApi('evaluations/questionnaires', [], evaluationsApi.questionnaires);
  const one = useApi(qid ? 'evaluations/questionnaire' : null, [qid], () => evaluationsApi.questionnaire(qid!));
  const [draft, setDraft] = useState<Draft | null>(isNew ? emptyDraft() : null);
  const [lang, setLang] = useState<EditLang>('en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [send, setSend] = useState<{ committee_id: number | null; deadline: string; reminders: number[] }>({ committee_id: null, deadline: '', reminders: [...DEFAULT_REMINDERS] });
  const [sendErrors, setSendErrors] = useState<{ fields: Record<string, string>; reminders: number[] }>({ fields: {}, reminders: [] });
  const m = useMessage();

  useEffect(() => {
    if (one.data && !draft) setDraft({ title: one.data.title, anonymous: one.data.anonymous, sections: one.data.sections });
  }, [one.data, draft]);

  if (!isNew && one.error) return <ErrorState error={one.error} onRetry={() => void one.mutate()} />;
  if (!draft) return <Loading label={t('loading')} />;

  const err = (path: string) => errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1] ?? null;
  const change = (fn: (d: Draft) => Draft) => setDraft((d) => (d ? fn(d) : d));
  const setSection = (si: number, fn: (s: Section) => Section) => change((d) => ({ ...d, sections: d.sections.map((s, i) => (i === si ? fn(s) : s)) }));
  const setQuestion = (si: number, qi: number, fn: (q: Question) => Question) => setSection(si, (s) => ({ ...s, questions: s.questions.map((q, i) => (i === qi ? fn(q) : q)) }));
  const kinds = QUESTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }));

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const r = qid ? await evaluationsApi.update(qid, toBody(draft)) : await evaluationsApi.create(toBody(draft));
      notify('success', r.message ?? t('saved'));
      void revalidate('evaluations/questionnaires');
      if (!qid) navigate(generatePath(ROUTES.questionnaire, { id: String(r.data.id) }), { replace: true });
      else await one.mutate(r.data, { revalidate: false });
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.fieldErrors as Record<string, string>);
    } finally {
      setBusy(false);
    }
  };

  const sendRound = async () => {
    if (!qid) return;
    const reminders = reminderParam(send.reminders);
    setSendErrors({ fields: {}, reminders });
    try {
      const r = await evaluationsApi.send(qid, { committee_id: send.committee_id ?? (0 as number), deadline: deadlineParam(send.deadline), reminder_minutes: reminders });
      notify('success', r.message ?? t('send.sent'));
      void one.mutate();
      void revalidate('evaluations/mine');
    } catch (e) {
      if (e instanceof ApiError) setSendErrors({ fields: e.fieldErrors as Record<string, string>, reminders });
    }
  };
  const badReminders = reminderErrors(sendErrors.fields, sendErrors.reminders);
  const lead = (minutes: number) => t(`send.lead.${minutes}`);

  return (
    <div className="page eval-page" data-testid="questionnaire-page">
      <PageHeader
        title={isNew ? t('new') : textIn(draft.title, 'en') || t('untitled')}
        actions={<Link to={ROUTES.evaluations} className="p-button p-button-text p-button-sm">{t('back')}</Link>}
      />
      <Card className="eval-card">
        <div className="eval-lang" role="group" aria-label={t('build.language')}>
          <span className="field__label">{t('build.language')}</span>
          <SelectButton value={lang} onChange={(e) => e.value && setLang(e.value as EditLang)} options={EDIT_LANGS.map((l) => ({ value: l, label: t(`lang.${l}`) }))} data-testid="eval-lang" />
        </div>
        <p className="field__hint">{t('build.languageHint')}</p>
        <Field id="eval-title" label={t('build.title')} required={lang === 'en'} error={err('title')}>
          <InputText id="eval-title" dir={lang === 'ar' ? 'rtl' : undefined} value={textIn(draft.title, lang)} onChange={(e) => change((d) => ({ ...d, title: setText(d.title, lang, e.target.value) }))} data-testid="eval-title" />
        </Field>
        <div className="eval-check">
          <Checkbox inputId="eval-anonymous" checked={draft.anonymous} onChange={(e) => change((d) => ({ ...d, anonymous: !!e.checked }))} data-testid="eval-anonymous" />
          <label htmlFor="eval-anonymous">{t('build.anonymous')}</label>
        </div>
        <p className="field__hint">{draft.anonymous ? t('build.anonymousHint') : t('build.namedHint')}</p>
      </Card>

      {draft.sections.map((s, si) => (
        <Card key={s.id} className="eval-card" data-testid={`eval-section-${si}`}>
          <Field id={`eval-s${si}-title`} label={t('build.section', { n: si + 1 })} required={lang === 'en'} error={err(`sections.${si}.title`)}>
            <InputText id={`eval-s${si}-title`} dir={lang === 'ar' ? 'rtl' : undefined} value={textIn(s.title, lang)} onChange={(e) => setSection(si, (x) => ({ ...x, title: setText(x.title, lang, e.target.value) }))} data-testid={`eval-s${si}-title`} />
          </Field>
          {s.questions.map((q, qi) => {
            const base = `eval-s${si}-q${qi}`;
            const path = `sections.${si}.questions.${qi}`;
            return (
              <fieldset key={q.id} className="eval-question-edit" data-testid={base}>
                <legend>{t('build.question', { n: qi + 1 })}</legend>
                <Field id={`${base}-text`} label={t('build.questionText')} required={lang === 'en'} error={err(`${path}.text`)}>
                  <InputText id={`${base}-text`} dir={lang === 'ar' ? 'rtl' : undefined} value={textIn(q.text, lang)} onChange={(e) => setQuestion(si, qi, (x) => ({ ...x, text: setText(x.text, lang, e.target.value) }))} data-testid={`${base}-text`} />
                </Field>
                <div className="eval-question-edit__row">
                  <Field id={`${base}-kind`} label={t('build.kind')}>
                    <Dropdown inputId={`${base}-kind`} value={q.kind} options={kinds} onChange={(e) => setQuestion(si, qi, (x) => withKind(x, e.value as QuestionKind))} data-testid={`${base}-kind`} />
                  </Field>
                  <div className="eval-check">
                    <Checkbox inputId={`${base}-required`} checked={q.required} onChange={(e) => setQuestion(si, qi, (x) => ({ ...x, required: !!e.checked }))} />
                    <label htmlFor={`${base}-required`}>{t('build.required')}</label>
                  </div>
                  <Button type="button" text severity="danger" size="small" icon="pi pi-trash" aria-label={t('build.removeQuestion')} disabled={s.questions.length < 2} onClick={() => setSection(si, (x) => ({ ...x, questions: x.questions.filter((_, i) => i !== qi) }))} />
                </div>
                {'options' in q && (
                  <div className="eval-options-edit">
                    {q.options.map((o, oi) => (
                      <div key={o.id} className="eval-option-edit">
                        <Field id={`${base}-o${oi}`} label={t('build.option', { n: oi + 1 })} required={lang === 'en'} error={err(`${path}.options.${oi}`)}>
                          <InputText id={`${base}-o${oi}`} dir={lang === 'ar' ? 'rtl' : undefined} value={textIn(o.text, lang)} onChange={(e) => setQuestion(si, qi, (x) => ('options' in x ? { ...x, options: x.options.map((y, i) => (i === oi ? { ...y, text: setText(y.text, lang, e.target.value) } : y)) } : x))} data-testid={`${base}-o${oi}`} />
                        </Field>
                        <Button type="button" text size="small" icon="pi pi-times" aria-label={t('build.removeOption')} disabled={q.options.length < 3} onClick={() => setQuestion(si, qi, (x) => ('options' in x ? { ...x, options: x.options.filter((_, i) => i !== oi) } : x))} />
                      </div>
                    ))}
                    {err(`${path}.options`) && <small className="p-error" role="alert">{err(`${path}.options`)}</small>}
                    <Button type="button" text size="small" icon="pi pi-plus" label={t('build.addOption')} onClick={() => setQuestion(si, qi, (x) => ('options' in x ? { ...x, options: [...x.options, { id: nextId('o', x.options.map((y) => y.id)), text: { en: '' } }] } : x))} data-testid={`${base}-add-option`} />
                  </div>
                )}
              </fieldset>
            );
          })}
          <div className="eval-actions">
            <Button type="button" outlined size="small" icon="pi pi-plus" label={t('build.addQuestion')} onClick={() => setSection(si, (x) => ({ ...x, questions: [...x.questions, newQuestion(draft, 'scale')] }))} data-testid={`eval-s${si}-add-question`} />
            {draft.sections.length > 1 && <Button type="button" text severity="danger" size="small" icon="pi pi-trash" label={t('build.removeSection')} onClick={() => change((d) => ({ ...d, sections: d.sections.filter((_, i) => i !== si) }))} />}
          </div>
        </Card>
      ))}
      <div className="eval-actions">
        <Button type="button" outlined icon="pi pi-plus" label={t('build.addSection')} onClick={() => change((d) => ({ ...d, sections: [...d.sections, { id: nextId('s', d.sections.map((x) => x.id)), title: { en: '' }, questions: [newQuestion(d, 'scale')] }] }))} data-testid="eval-add-section" />
        <Button type="button" icon="pi pi-save" label={t('build.save')} loading={busy} onClick={() => void save()} data-testid="eval-save" />
      </div>

      {qid && (
        <Card title={t('send.title')} className="eval-card">
          <div className="eval-send">
            <Field id="eval-committee" label={t('send.committee')} required error={sendErrors.fields.committee_id}>
              <Dropdown inputId="eval-committee" value={send.committee_id} options={(list.data?.committees ?? []).map((c) => ({ value: c.id, label: c.name }))} onChange={(e) => setSend((x) => ({ ...x, committee_id: e.value as number }))} placeholder={t('send.choose')} data-testid="eval-committee" />
            </Field>
            <Field id="eval-deadline" label={t('send.deadline')} required error={sendErrors.fields.deadline}>
              <input id="eval-deadline" type="datetime-local" className="p-inputtext p-component" value={send.deadline} onChange={(e) => setSend((x) => ({ ...x, deadline: e.target.value }))} data-testid="eval-deadline" />
            </Field>
            <fieldset className="eval-reminders" aria-describedby={`eval-reminders-hint${badReminders.length ? ' eval-reminders-error' : ''}`} data-testid="eval-reminders">
              <legend className="field__label">{t('send.reminders')}</legend>
              <div className="eval-options eval-options--scale">
                {EVALUATION_REMINDER_CHOICES.map((minutes) => (
                  <label key={minutes} className="eval-option">
                    <input
                      type="checkbox" checked={send.reminders.includes(minutes)}
                      aria-invalid={badReminders.some((b) => b.minutes === minutes) || undefined}
                      onChange={(e) => setSend((x) => ({ ...x, reminders: toggleReminder(x.reminders, minutes, e.target.checked) }))}
                      data-testid={`eval-reminder-${minutes}`}
                    />
                    <span>{lead(minutes)}</span>
                  </label>
                ))}
              </div>
              <small id="eval-reminders-hint" className="field__hint">{t('send.remindersHint')}</small>
              {badReminders.length > 0 && (
                <small id="eval-reminders-error" className="p-error field__error" role="alert" data-testid="eval-reminders-error">
                  {badReminders.map((b) => (b.minutes !== null && EVALUATION_REMINDER_CHOICES.some((c) => c === b.minutes) ? `${lead(b.minutes)}: ${m(b.message)}` : m(b.message))).join(' ')}
                </small>
              )}
            </fieldset>
            <Button type="button" icon="pi pi-send" label={t('send.send')} onClick={() => void sendRound()} data-testid="eval-send" />
          </div>
          {one.data?.rounds.length ? (
            <ul className="eval-rounds" data-testid="eval-rounds">{one.data.rounds.map((r) => <RoundLine key={r.id} r={r} lang={i18n.language} />)}</ul>
          ) : (
            <p>{t('send.none')}</p>
          )}
        </Card>
      )}
    </div>
  );
}
