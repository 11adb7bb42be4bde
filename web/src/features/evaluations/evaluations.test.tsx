import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { EvaluationReportState } from '@app/contracts';
import type { EvaluationResults, EvaluationRound, MyRounds, QuestionnaireList } from '../../api/evaluations';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { AnswerPage } from './AnswerPage';
import { EvaluationsPage } from './EvaluationsPage';
import { PdfButton } from './PdfButton';
import { QuestionnairePage } from './QuestionnairePage';
import { ResultsPage } from './ResultsPage';

const en = (s: string) => ({ en: s });
const summary = {
  id: 5, questionnaire_id: 2, title: { en: 'Board self-evaluation', ar: 'تقييم ذاتي' }, anonymous: true, committee: { id: 1, name: 'Board' },
  deadline: '2026-12-01 17:00:00', open: true, recipients: 4, answered: 1, is_recipient: true, has_answered: false, can_answer: true, can_view_results: false, created_at: '2026-11-20 10:00:00', closed_at: null as string | null, reminder_minutes: [4320, 1440] as number[] | null, can_close: false,
};
const sections = [
  {
    id: 's1', title: en('The board'),
    questions: [
      { id: 'work', kind: 'scale' as const, required: true, text: en('How well does the board work?') },
      { id: 'length', kind: 'single' as const, required: true, text: en('Meetings are'), options: [{ id: 'short', text: en('too short') }, { id: 'ok', text: en('about right') }] },
      { id: 'topics', kind: 'multiple' as const, required: false, text: en('Topics'), options: [{ id: 'risk', text: en('Risk') }, { id: 'esg', text: en('ESG') }] },
      { id: 'free', kind: 'text' as const, required: false, text: en('Anything else?') },
    ],
  },
];
const round: EvaluationRound = { ...summary, description: null, sections, my_answers: null };

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'mona@example.com' });
});

describe('evaluations page', () => {
  it("lists the member's rounds with the links the flags allow, and no builder without can_build", async () => {
    const mine: MyRounds = { items: [summary, { ...summary, id: 6, can_answer: false, has_answered: true, open: false }], can_build: false };
    const calls = installFetch(on('GET', '/api/evaluations/rounds', () => jsonResponse(200, { success: true, data: mine })));
    renderWithApp(<EvaluationsPage />);
    expect(await screen.findByTestId('eval-answer-5')).toHaveAttribute('href', '/app/activity/evaluations/rounds/5');
    expect(screen.queryByTestId('eval-answer-6')).toBeNull();
    expect(screen.queryByTestId('eval-results-5')).toBeNull();
    expect(screen.getByTestId('eval-round-6')).toHaveTextContent('Answered');
    expect(screen.queryByTestId('eval-new')).toBeNull();
    // a member never asks for the builder's list (a 403 would sign them out)
    expect(calls.some((c) => c.path.startsWith('/api/evaluations/questionnaires'))).toBe(false);
  });
});

describe('a round line: the reminders chosen, to whoever manages it', () => {
  it.each<[string, number[] | null, boolean, string | null]>([
    ['the default', [4320, 1440], true, 'Reminders: 3 days before, 1 day before'],
    ['a lead the form does not offer', [10080, 90], true, 'Reminders: 7 days before, 90 min before'],
    ['none chosen', [], true, 'No reminders'],
    ['sent before the choice existed', null, true, null],
    ['a member who may not see results', [4320, 1440], false, null],
  ])('%s', async (_n, reminder_minutes, can_view_results, text) => {
    const mine: MyRounds = { items: [{ ...summary, reminder_minutes, can_view_results }], can_build: false };
    installFetch(on('GET', '/api/evaluations/rounds', () => jsonResponse(200, { success: true, data: mine })));
    renderWithApp(<EvaluationsPage />);
    await screen.findByTestId('eval-round-5');
    if (text) expect(screen.getByTestId('eval-round-reminders-5')).toHaveTextContent(text);
    else expect(screen.queryByTestId('eval-round-reminders-5')).toBeNull();
  });
});

describe('answer page', () => {
  it('sends each answer by its kind and shows the server field errors under their question', async () => {
    let sent: Call | undefined;
    let fail = true;
    installFetch(
      on('GET', '/api/evaluations/rounds/5', () => jsonResponse(200, { success: true, data: round })),
      on('POST', '/api/evaluations/rounds/5/answers', (c) => {
        sent = c;
        if (fail) return jsonResponse(409, { success: false, message: 'Error in validation', errors: { 'answers.length': ['This question needs an answer.'] } });
        return jsonResponse(200, { success: true, message: 'Done', data: { ...round, has_answered: true, can_answer: false, answered: 2 } });
      }),
    );
    renderWithApp(<AnswerPage />, { path: '/app/activity/evaluations/rounds/5', route: '/app/activity/evaluations/rounds/:roundId' });
    expect(await screen.findByText(/answers are anonymous/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('eval-work-4'));
    fireEvent.click(screen.getByTestId('eval-topics-esg'));
    fireEvent.click(screen.getByTestId('eval-topics-risk'));
    fireEvent.change(screen.getByTestId('eval-free'), { target: { value: 'More time' } });
    fireEvent.click(screen.getByTestId('eval-submit'));
    expect(await screen.findByTestId('eval-length-error')).toHaveTextContent('This question needs an answer.');
    expect(sent?.body).toEqual({ answers: { work: 4, topics: ['esg', 'risk'], free: 'More time' } });
    fail = false;
    fireEvent.click(screen.getByTestId('eval-length-ok'));
    fireEvent.click(screen.getByTestId('eval-submit'));
    expect(await screen.findByTestId('eval-answered')).toBeInTheDocument();
    expect(sent?.body).toEqual({ answers: { work: 4, length: 'ok', topics: ['esg', 'risk'], free: 'More time' } });
  });
});

describe('results page', () => {
  const base: EvaluationResults = {
    round: { ...summary, answered: 2, can_view_results: true, description: null, sections },
    available: false, min_answers: 3, questions: [], responses: [],
    recipients: [{ id: 1, name: 'Mona', answered: true }, { id: 2, name: 'Mark', answered: false }],
  };
  const show = (data: EvaluationResults) => {
    installFetch(on('GET', '/api/evaluations/rounds/5/results', () => jsonResponse(200, { success: true, data })));
    renderWithApp(<ResultsPage />, { path: '/app/activity/evaluations/rounds/5/results', route: '/app/activity/evaluations/rounds/:roundId/results' });
  };

  it('an anonymous round below the threshold says when results appear, and shows who has answered', async () => {
    show(base);
    expect(await screen.findByTestId('eval-results-waiting')).toHaveTextContent('Results appear once 3 members have answered.');
    expect(screen.getByTestId('eval-recipients')).toHaveTextContent('Mona — answered');
    expect(screen.getByTestId('eval-recipients')).toHaveTextContent('Mark — not yet');
    expect(screen.queryByTestId('eval-csv')).toBeNull();
  });

  it('charts each distribution with its share, the average and the change from the last round', async () => {
    const counts = [1, 2, 3, 4, 5].map((v) => ({ value: String(v), count: v === 4 ? 2 : v === 5 ? 1 : 0 }));
    show({
      ...base,
      available: true,
      round: { ...base.round, answered: 3 },
      questions: [
        { question_id: 'work', kind: 'scale', n: 3, counts, average: 4.33, texts: [], previous: { round_id: 4, n: 3, average: 3.5, counts } },
        { question_id: 'length', kind: 'single', n: 3, counts: [{ value: 'short', count: 1 }, { value: 'ok', count: 2 }], average: null, texts: [], previous: null },
        { question_id: 'free', kind: 'text', n: 2, counts: [], average: null, texts: ['a', 'b'], previous: null },
      ],
    });
    expect(await screen.findByTestId('eval-avg-work')).toHaveTextContent('Average 4.33');
    expect(screen.getByTestId('eval-delta-work')).toHaveTextContent('last round 3.50 (+0.83)');
    expect(screen.getByTestId('eval-chart-work-4')).toHaveTextContent('2 (67%)');
    expect(screen.getByTestId('eval-chart-length-about right')).toHaveTextContent('2 (67%)');
    expect(screen.getByTestId('eval-q-free')).toHaveTextContent('ab');
    expect(document.querySelectorAll('[data-testid="eval-chart-work"] svg rect').length).toBe(10);
  });

  it('a named round lists each member and exports CSV', async () => {
    show({
      ...base,
      round: { ...base.round, anonymous: false },
      available: true,
      questions: [],
      responses: [{ user: { id: 1, name: 'Mona' }, answered_at: '2026-11-21 09:00:00', answers: { work: 5, length: 'ok', topics: ['risk', 'esg'] } }],
    });
    const table = await screen.findByTestId('eval-responses');
    expect(table).toHaveTextContent('Mona');
    expect(table).toHaveTextContent('about right');
    expect(table).toHaveTextContent('Risk, ESG');
    await waitFor(() => expect(screen.getByTestId('eval-csv')).toBeInTheDocument());
  });

  it('the manager closes an open round early after confirming; a closed round offers no close and says when it closed', async () => {
    let closed = false;
    const calls = installFetch(
      on('GET', '/api/evaluations/rounds/5/results', () =>
        jsonResponse(200, { success: true, data: closed ? { ...base, round: { ...base.round, open: false, can_close: false, closed_at: '2026-11-22 09:30:00' } } : { ...base, round: { ...base.round, can_close: true } } }),
      ),
      on('POST', '/api/evaluations/rounds/5/close', () => {
        closed = true;
        return jsonResponse(200, { success: true, message: 'Done', data: { ...summary, open: false, can_close: false, closed_at: '2026-11-22 09:30:00' } });
      }),
    );
    renderWithApp(<ResultsPage />, { path: '/app/activity/evaluations/rounds/5/results', route: '/app/activity/evaluations/rounds/:roundId/results' });
    fireEvent.click(await screen.findByTestId('eval-close'));
    expect(await screen.findByText(/Nobody can answer after that/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByText('Yes'));
    expect(await screen.findByTestId('eval-closed-early')).toHaveTextContent('Closed on 2026-11-22 09:30:00, before its deadline.');
    expect(screen.queryByTestId('eval-close')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/evaluations/rounds/5/close']);
  });

  it('a round that cannot be closed (past its deadline, or not the manager) shows no close button', async () => {
    show({ ...base, round: { ...base.round, open: false, can_close: false } });
    await screen.findByTestId('eval-recipients');
    expect(screen.queryByTestId('eval-close')).toBeNull();
    expect(screen.queryByTestId('eval-closed-early')).toBeNull();
  });
});

describe('results PDF button', () => {
  const state = (o: Partial<EvaluationReportState>): EvaluationReportState => ({
    id: 9, round_id: 5, title: 'Board self-evaluation', status: 'queued', stage: 'initializing', progress: 0, pages: null, file_name: 'Board_self-evaluation.pdf', error: null, url: null, ...o,
  });

  it('idle, then the stage and percent while the job runs (button disabled), then a link to the presigned URL', async () => {
    const steps = [state({ status: 'running', stage: 'generating', progress: 42.5 }), state({ status: 'done', stage: 'finalizing', progress: 100, pages: 2, url: 'http://s3.test/b/r.pdf?X-Amz-Signature=x' })];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = installFetch(
      on('POST', '/api/evaluations/rounds/5/report', () => jsonResponse(200, { success: true, data: state({}) })),
      on('GET', '/api/evaluations/reports/9', async () => {
        const next = steps.shift()!;
        if (next.status === 'done') await gate;
        return jsonResponse(200, { success: true, data: next });
      }),
    );
    renderWithApp(<PdfButton roundId={5} pollMs={5} />);
    const button = screen.getByTestId('eval-pdf-button');
    expect(button).toBeEnabled();
    expect(screen.queryByTestId('eval-pdf-link')).toBeNull();
    fireEvent.click(button);
    // queued first (Initializing), then the job's stage and percent as it runs
    expect(await screen.findByTestId('eval-pdf-stage')).toHaveTextContent('Initializing');
    await waitFor(() => expect(screen.getByTestId('eval-pdf-stage')).toHaveTextContent('Generating'));
    expect(screen.getByTestId('eval-pdf-progress')).toHaveTextContent('42.5%');
    expect(screen.getByTestId('eval-pdf-button')).toBeDisabled();
    release();
    const link = await screen.findByTestId('eval-pdf-link');
    expect(link).toHaveAttribute('href', 'http://s3.test/b/r.pdf?X-Amz-Signature=x');
    expect(link).toHaveTextContent('Download Board_self-evaluation.pdf');
    expect(screen.queryByTestId('eval-pdf-progress')).toBeNull();
    expect(screen.getByTestId('eval-pdf-button')).toBeEnabled();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a failed job says so and offers no link; the button works again', async () => {
    installFetch(
      on('POST', '/api/evaluations/rounds/5/report', () => jsonResponse(200, { success: true, data: state({ status: 'running' }) })),
      on('GET', '/api/evaluations/reports/9', () => jsonResponse(200, { success: true, data: state({ status: 'failed', error: 'boom' }) })),
    );
    renderWithApp(<PdfButton roundId={5} pollMs={5} />);
    fireEvent.click(screen.getByTestId('eval-pdf-button'));
    expect(await screen.findByText('The PDF could not be made.')).toBeInTheDocument();
    expect(screen.queryByTestId('eval-pdf-link')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('eval-pdf-button')).toBeEnabled());
  });
});

describe('send form: the reminders', () => {
  const questionnaire = { id: 2, title: en('Board self-evaluation'), description: null, anonymous: true, sections, created_by: 1, created_at: '2026-11-20 10:00:00', updated_at: '2026-11-20 10:00:00', rounds: [] };
  const list: QuestionnaireList = { items: [], committees: [{ id: 1, name: 'Board' }] } as unknown as QuestionnaireList;

  it('ticks 3 days and 1 day, sends the ticked leads largest first, and shows a refused lead beside its name', async () => {
    const sent: Call[] = [];
    let fail = true;
    installFetch(
      on('GET', '/api/evaluations/questionnaires', () => jsonResponse(200, { success: true, data: list })),
      on('GET', '/api/evaluations/questionnaires/2', () => jsonResponse(200, { success: true, data: questionnaire })),
      on('POST', '/api/evaluations/questionnaires/2/rounds', (c) => {
        sent.push(c);
        if (fail) return jsonResponse(409, { success: false, message: 'Error in validation', errors: { 'reminder_minutes.0': ['This reminder would come before now: choose a shorter time before the deadline.'] } });
        return jsonResponse(200, { success: true, message: 'Done', data: summary });
      }),
    );
    renderWithApp(<QuestionnairePage />, { path: '/app/activity/evaluations/questionnaires/2', route: '/app/activity/evaluations/questionnaires/:id' });
    const group = await screen.findByRole('group', { name: 'Reminders' });
    expect(group).toHaveAccessibleDescription('Each reminder goes once, only to the members who have not answered yet.');
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    expect([box('7 days before'), box('3 days before'), box('1 day before'), box('1 hour before')].map((b) => b.checked)).toEqual([false, true, true, false]);
    fireEvent.click(box('1 hour before'));
    fireEvent.click(box('7 days before'));
    fireEvent.click(box('3 days before'));
    fireEvent.change(screen.getByTestId('eval-deadline'), { target: { value: '2026-12-01T17:00' } });
    fireEvent.click(screen.getByTestId('eval-send'));
    expect(await screen.findByTestId('eval-reminders-error')).toHaveTextContent('7 days before: This reminder would come before now');
    expect(sent[0].body).toMatchObject({ deadline: '2026-12-01 17:00', reminder_minutes: [10080, 1440, 60] });
    expect(box('7 days before')).toHaveAttribute('aria-invalid', 'true');
    expect(box('1 day before')).not.toHaveAttribute('aria-invalid');
    fail = false;
    fireEvent.click(box('7 days before'));
    fireEvent.click(screen.getByTestId('eval-send'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body).toMatchObject({ reminder_minutes: [1440, 60] });
    await waitFor(() => expect(screen.queryByTestId('eval-reminders-error')).toBeNull());
  });

  it('no box ticked sends an empty list: no reminder', async () => {
    const sent: Call[] = [];
    installFetch(
      on('GET', '/api/evaluations/questionnaires', () => jsonResponse(200, { success: true, data: list })),
      on('GET', '/api/evaluations/questionnaires/2', () => jsonResponse(200, { success: true, data: questionnaire })),
      on('POST', '/api/evaluations/questionnaires/2/rounds', (c) => {
        sent.push(c);
        return jsonResponse(200, { success: true, message: 'Done', data: summary });
      }),
    );
    renderWithApp(<QuestionnairePage />, { path: '/app/activity/evaluations/questionnaires/2', route: '/app/activity/evaluations/questionnaires/:id' });
    fireEvent.click(await screen.findByRole('checkbox', { name: '3 days before' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '1 day before' }));
    fireEvent.click(screen.getByTestId('eval-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ reminder_minutes: [] });
  });
});
