import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aDecision, aMeeting, aMember, aTalkingPoint, ok } from '../decisions/fixtures';
import { DecisionDetails } from '../decisions/DecisionDetails';
import { ConflictsPanel } from './ConflictsPanel';
import { MotionPanel } from './MotionPanel';

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});
afterEach(() => act(() => changeLanguage('en')));

describe('conflicts of interest on an agenda item', () => {
  it('a member declares one with a note: the body sent, the note cleared, the page told', async () => {
    const calls = installFetch(on('POST', '/api/meetings/1/talkingpoints/5/conflict', () => jsonResponse(200, ok(aMeeting(), 'Done'))));
    const onChanged = jest.fn();
    renderWithApp(<ConflictsPanel meetingId={1} item={aTalkingPoint({ can_declare_conflict: true })} meUserId={2} onChanged={onChanged} />);
    expect(screen.getByTestId('conflicts-none')).toHaveTextContent('None declared.');
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: '  My brother owns it ' } });
    fireEvent.click(screen.getByTestId('conflict-declare'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ note: 'My brother owns it' });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('');
  });

  it('the declarer sees the list and Withdraw; a refused note is shown under the field', async () => {
    const item = aTalkingPoint({ can_declare_conflict: true, conflicts: [{ user_id: 2, name: 'Grace', note: 'Family', declared_at: '2026-12-01 10:05:00' }] });
    const calls = installFetch(on('DELETE', '/api/meetings/1/talkingpoints/5/conflict', () => jsonResponse(200, ok(aMeeting(), 'Done'))));
    const { unmount } = renderWithApp(<ConflictsPanel meetingId={1} item={item} meUserId={2} onChanged={jest.fn()} />);
    expect(within(screen.getByTestId('conflict-2')).getByText('Grace')).toBeInTheDocument();
    expect(screen.getByTestId('conflict-2')).toHaveTextContent('Family');
    expect(screen.queryByTestId('conflict-declare')).toBeNull();
    fireEvent.click(screen.getByTestId('conflict-withdraw'));
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    installFetch(on('POST', '/api/meetings/1/talkingpoints/5/conflict', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { note: ['The note may not be greater than 1000 characters.'] } })));
    renderWithApp(<ConflictsPanel meetingId={1} item={item} meUserId={3} onChanged={jest.fn()} />);
    fireEvent.click(screen.getByTestId('conflict-declare'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The note may not be greater than 1000 characters.');
    expect(screen.getByLabelText('Note (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('without the right: the list only; in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    renderWithApp(<ConflictsPanel meetingId={1} item={aTalkingPoint({ conflicts: [{ user_id: 3, name: 'Alan', note: null, declared_at: '2026-12-01 10:05:00' }] })} meUserId={2} onChanged={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'تعارض المصالح' })).toBeInTheDocument();
    expect(screen.queryByTestId('conflict-declare')).toBeNull();
    expect(screen.queryByTestId('conflict-withdraw')).toBeNull();
  });
});

describe('the mover, the seconder and the resolution number', () => {
  const meeting = aMeeting({ members: [aMember(2, 'Grace'), aMember(3, 'Alan')] });

  it('shows the number and who moved and seconded; the chair records them', async () => {
    const calls = installFetch(on('POST', '/api/meetings/1/decisions/11/motion', () => jsonResponse(200, ok(meeting, 'Done'))));
    const onChanged = jest.fn();
    const d = aDecision({ resolution_number: '2026/014', mover: { user_id: 2, name: 'Grace' }, seconder: null, can_set_motion: true });
    renderWithApp(<MotionPanel meeting={meeting} decision={d} onChanged={onChanged} />);
    expect(screen.getByTestId('motion-number')).toHaveTextContent('2026/014');
    expect(screen.getByTestId('motion-mover')).toHaveTextContent('Grace');
    expect(screen.getByTestId('motion-seconder')).toHaveTextContent('Not recorded');
    fireEvent.click(screen.getByTestId('motion-seconder-select'));
    fireEvent.click(await screen.findByText('Alan'));
    fireEvent.click(screen.getByTestId('motion-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ mover_user_id: 2, seconder_user_id: 3 });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('a refusal shows under its field; without the right there is no form', async () => {
    installFetch(on('POST', '/api/meetings/1/decisions/11/motion', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { seconder_user_id: ['The mover and the seconder must be two different people.'] } })));
    const { unmount } = renderWithApp(<MotionPanel meeting={meeting} decision={aDecision({ can_set_motion: true })} onChanged={jest.fn()} />);
    fireEvent.click(screen.getByTestId('motion-save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The mover and the seconder must be two different people.');
    unmount();
    renderWithApp(<MotionPanel meeting={meeting} decision={aDecision({ resolution_number: null })} onChanged={jest.fn()} />);
    expect(screen.queryByTestId('motion-save')).toBeNull();
    expect(screen.getByTestId('motion-number')).toHaveTextContent('—');
  });

  it('the decision shows its number and, to a conflicted member, that they cannot vote', () => {
    renderWithApp(<DecisionDetails decision={aDecision({ resolution_number: '2026/003', my_conflict: true })} onChanged={jest.fn()} onError={jest.fn()} />);
    expect(screen.getByTestId('decision-number')).toHaveTextContent('Resolution 2026/003');
    expect(screen.getByTestId('decision-my-conflict')).toHaveTextContent('You declared a conflict of interest: you cannot vote');
  });
});
