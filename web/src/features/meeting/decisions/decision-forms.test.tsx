import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from 'react-router-dom';
import { profileBody } from '../../../test/app';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { aDocx, aPdf, onListing } from '../../library/library-fixtures';
import { Providers } from '../../../App';
import { ActionForm, type ActionValues } from '../actions/ActionForm';
import { DecisionForm, type DecisionFormOptions, type DecisionValues } from './DecisionForm';
import type { PersonOption } from './people';

const REQUIRED = 'This field is required.';
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const errorOf = (id: string) => screen.findByTestId(`${id}-error`);
const person = (id: number, label: string): PersonOption => ({ value: `u:${id}`, label, image: null, guest: false });
const six = [1, 2, 3, 4, 5, 6].map((i) => person(i, `P${i}`));

const decision = (over: Partial<DecisionValues> = {}): DecisionValues => ({
  title: '', description: '', deadline: null, voters: [], attachments: [], decisionable: true, tender_number: '', committee_id: null, ballot: 'open', outcome_rule: 'simple_majority', count_by: 'head', election: false, seats: 1, candidates: [], talkingpoint_id: null,
  talkingpoint_subpoint_id: null, ...over,
});

function renderDecision(over: Partial<DecisionValues> = {}, options: DecisionFormOptions = { meetingStart: '2026-12-01 10:00:00' }, people = six.slice(0, 2)) {
  const onSubmit = jest.fn(async () => undefined);
  render(
    <Providers>
      <DecisionForm initial={decision(over)} options={options} people={people} committees={[{ id: 4, name: 'Audit' }]} onSubmit={onSubmit} onCancel={jest.fn()} />
    </Providers>,
  );
  return onSubmit;
}

describe('decision form (title, voters and close date required; not before the meeting start)', () => {
  it('an empty submit shows the required messages and sends nothing', async () => {
    const onSubmit = renderDecision();
    click('decision-submit');
    expect(await errorOf('decision-title')).toHaveTextContent(REQUIRED);
    expect(await errorOf('decision-voters')).toHaveTextContent(REQUIRED);
    expect(await errorOf('decision-deadline')).toHaveTextContent(REQUIRED);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a close date before the meeting start reads 'Date and time must be after start time' with the start filled in", async () => {
    const onSubmit = renderDecision({ title: 'Budget', voters: ['u:1'], deadline: new Date(2026, 11, 1, 9, 45) });
    click('decision-submit');
    expect(await errorOf('decision-deadline')).toHaveTextContent('Date and time must be after start time 01 Dec 2026 10:00 AM');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the ballot is chosen in the form (open by default) and sent; a locked ballot cannot be changed', async () => {
    const onSubmit = renderDecision({ title: 'Auditor', voters: ['u:1'], deadline: new Date(2026, 11, 1, 10, 0) });
    expect(screen.getByText('Everyone who can see the resolution sees who voted what.')).toBeInTheDocument();
    fireEvent.click(document.getElementById('decision-ballot-secret')!);
    expect(await screen.findByText(/each voter gets a receipt/)).toBeInTheDocument();
    click('decision-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ ballot: 'secret' })));
  });

  it('the outcome rule and the count are chosen in the form (simple majority by head by default) and sent', async () => {
    const onSubmit = renderDecision({ title: 'Auditor', voters: ['u:1'], deadline: new Date(2026, 11, 1, 10, 0) });
    expect(screen.getByTestId('decision-outcome-rule')).toHaveTextContent('Simple majority of votes cast');
    expect(document.getElementById('decision-count-by-head')).toBeChecked();
    fireEvent.click(screen.getByTestId('decision-outcome-rule'));
    fireEvent.click(await screen.findByRole('option', { name: 'Two thirds of votes cast', hidden: true }));
    fireEvent.click(document.getElementById('decision-count-by-weight')!);
    click('decision-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ outcome_rule: 'two_thirds', count_by: 'weight' })));
  });

  it('the outcome rule and the count are locked with the ballot, in Arabic too', async () => {
    renderDecision({ outcome_rule: 'unanimity', count_by: 'weight' }, { meetingStart: '2026-12-01 10:00:00', ballotLocked: true });
    expect(screen.getByText('A vote has been cast: the outcome rule and the count can no longer change.')).toBeInTheDocument();
    expect(screen.getByTestId('decision-outcome-rule')).toHaveClass('p-disabled');
    expect(screen.getByTestId('decision-outcome-rule')).toHaveTextContent('Unanimity of votes cast');
    expect(document.getElementById('decision-count-by-head')).toBeDisabled();
    expect(document.getElementById('decision-count-by-weight')).toBeChecked();
  });

  it('a ballot the server locked shows why and its choices are disabled', () => {
    renderDecision({ ballot: 'secret' }, { meetingStart: '2026-12-01 10:00:00', ballotLocked: true });
    expect(screen.getByText('A vote has been cast: the ballot can no longer change.')).toBeInTheDocument();
    expect(document.getElementById('decision-ballot-open')).toBeDisabled();
    expect(document.getElementById('decision-ballot-secret')).toBeChecked();
  });

  it('a complete decision is sent as the contract body (deadline in the server format, voters as person references)', async () => {
    const onSubmit = renderDecision({ title: ' Budget ', voters: ['u:1', 'e:guest@example.com'], deadline: new Date(2026, 11, 1, 10, 0), attachments: [{ library_id: 7, name: 'a.pdf' }], talkingpoint_id: 5 });
    click('decision-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      title: ' Budget ', description: '', deadline: '2026-12-01 10:00:00', voters: [{ user_id: 1 }, { user_email: 'guest@example.com' }], attachments: [7], attachment_ids: [], ballot: 'open', outcome_rule: 'simple_majority', count_by: 'head', election: null, talkingpoint_id: 5,
    });
  });

  it("'Select all' is hidden with 5 people", async () => {
    renderDecision({}, {}, six.slice(0, 5));
    expect(screen.queryByTestId('decision-select-all')).toBeNull();
  });

  it("'Select all' with 6 people", async () => {
    const onSubmit = renderDecision({ title: 'T', deadline: new Date(2026, 11, 3, 10, 0) }, {}, six);
    fireEvent.click(document.getElementById('decision-select-all')!);
    click('decision-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ voters: six.map((p) => ({ user_id: Number(p.value.slice(2)) })) }));
  });

  it('tender variant: tender number and the allow-voting switch are sent', async () => {
    const onSubmit = renderDecision({ title: 'T', voters: ['u:1'], deadline: new Date(2026, 11, 3, 10, 0) }, { votingSwitch: true, tenderNumber: true });
    type('decision-tender', 'TN-42');
    fireEvent.click(document.getElementById('decision-decisionable')!);
    click('decision-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ tender_number: 'TN-42', decisionable: 0 }));
  });

  it('no tender fields outside the tender variant', () => {
    renderDecision();
    expect(screen.queryByTestId('decision-tender')).toBeNull();
    expect(document.getElementById('decision-decisionable')).toBeNull();
  });

  it('a standalone resolution needs its committee; on edit the committee is locked', async () => {
    const onSubmit = renderDecision({ title: 'T', voters: ['u:1'], deadline: new Date(2026, 11, 3, 10, 0) }, { committee: 'choose' });
    click('decision-submit');
    expect(await errorOf('decision-committee')).toHaveTextContent(REQUIRED);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edit: the committee is shown and disabled, and sent unchanged', async () => {
    const onSubmit = renderDecision({ title: 'T', voters: ['u:1'], deadline: new Date(2026, 11, 3, 10, 0), committee_id: 4 }, { committee: 'locked' });
    expect(screen.getByTestId('decision-committee')).toHaveClass('p-disabled');
    click('decision-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ committee_id: 4 })));
  });
});

const action = (over: Partial<ActionValues> = {}): ActionValues => ({
  title: '', description: '', participants: [], open_till: null, priority: 'Low', attachments: [], talkingpoint_id: null, talkingpoint_subpoint_id: null, progress: null, ...over,
});

function renderAction(over: Partial<ActionValues> = {}, people = six.slice(0, 2)) {
  const onSubmit = jest.fn(async () => undefined);
  render(
    <Providers>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>
          <ActionForm initial={action(over)} meetingStart="2026-12-01 10:00:00" people={people} onSubmit={onSubmit} onCancel={jest.fn()} />
        </MemoryRouter>
      </SWRConfig>
    </Providers>,
  );
  return onSubmit;
}

describe('action form (title, participants, open till required; not before the meeting start; priority Low by default)', () => {
  it('an empty submit shows the required messages', async () => {
    const onSubmit = renderAction();
    click('action-submit');
    expect(await errorOf('action-title')).toHaveTextContent(REQUIRED);
    expect(await errorOf('action-participants')).toHaveTextContent(REQUIRED);
    expect(await errorOf('action-open-till')).toHaveTextContent(REQUIRED);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("an open-till before the meeting start reads 'Incorrect date'", async () => {
    const onSubmit = renderAction({ title: 'Minutes', participants: ['u:1'], open_till: new Date(2026, 10, 30, 10, 0) });
    click('action-submit');
    expect(await errorOf('action-open-till')).toHaveTextContent('Incorrect date');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a complete action is sent as the contract body with priority Low', async () => {
    const onSubmit = renderAction({ title: 'Minutes', participants: ['u:2'], open_till: new Date(2026, 11, 2, 17, 15), progress: 40 });
    expect(screen.queryByTestId('action-select-all')).toBeNull();
    click('action-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Minutes', description: '', participants: [{ user_id: 2 }], open_till: '2026-12-02 17:15:00', priority: 'Low', attachments: [], attachment_ids: [], progress: 40,
    });
  });

  it('files come from the library picker, PDFs only; the chosen ones are sent as attachments', async () => {
    session.signIn({ token: 'tok', email: 'ada@example.com' });
    installFetch(on('GET', '/api/profile', () => jsonResponse(200, profileBody(['library_show']))), onListing(() => ({ dirs: [], files: [aDocx(5, 'Notes.docx'), aPdf(3, 'Pack.pdf')] })));
    const onSubmit = renderAction({ title: 'Minutes', participants: ['u:2'], open_till: new Date(2026, 11, 2, 17, 15) });
    click('action-attachments-add');
    await screen.findByText('Notes.docx', undefined, { timeout: 15_000 });
    // a non-PDF cannot be ticked: its checkbox is disabled and says why, and clicking its name says it too
    const docx = screen.getAllByTestId('library-row')[0];
    expect(within(docx).getByRole('checkbox')).toBeDisabled();
    expect(within(docx).getByRole('checkbox')).toHaveAccessibleName(expect.stringContaining('Choose only pdf'));
    fireEvent.click(within(docx).getByText('Notes.docx'));
    expect(await screen.findByText('Choose only pdf')).toBeInTheDocument();
    fireEvent.click(within(screen.getAllByTestId('library-row')[1]).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('picker-done'));
    await waitFor(() => expect(within(screen.getByTestId('action-attachments')).getByText('Pack.pdf')).toBeInTheDocument());
    click('action-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ attachments: [3] })));
  }, 30_000);

  it("'Select all' with more than 5 participants", async () => {
    const onSubmit = renderAction({ title: 'Minutes', open_till: new Date(2026, 11, 2, 17, 15) }, six);
    fireEvent.click(document.getElementById('action-select-all')!);
    click('action-submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ participants: six.map((p) => ({ user_id: Number(p.value.slice(2)) })) })));
  });
});
