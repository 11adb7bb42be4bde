import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingDetails } from '@app/contracts';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aMeeting, aMember, ok } from '../decisions/fixtures';
import { ChairCard } from './ChairCard';

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

const live = (over: Partial<MeetingDetails> = {}): MeetingDetails =>
  aMeeting({
    meeting_status_id: 3, status: { id: 3, name: 'Live', color: '#047857', bgcolor: '#d1fae5' }, started_at: '2026-12-01 10:02:00',
    members: [aMember(2, 'Grace', { meeting_role: 'chair', roll_call: 'present' }), aMember(3, 'Alan', { meeting_role: 'secretary' }), aMember(4, 'Ada', { roll_call: 'excused' })],
    chair_controls: { set_roles: false, start: false, end: true, roll_call: true, publish_agenda: false },
    roll_call: { taken: true, counts: { present: 1, remote: 0, absent: 0, excused: 1, unmarked: 1 }, quorum: { percent: 60, present: 1, total: 3, needed: 2, met: false }, reached_at: null },
    ...over,
  });

describe('the chair card', () => {
  it('the chair marks a member in the roll call; the quorum indicator says not reached until the server says reached, with when', async () => {
    const calls = installFetch(on('POST', '/api/meetings/1/rollcall', () => jsonResponse(200, ok(live(), 'Done'))));
    const onChanged = jest.fn();
    const { rerender } = renderWithApp(<ChairCard meeting={live()} onChanged={onChanged} />);
    const card = screen.getByTestId('chair-card');
    expect(within(card).getByTestId('quorum-state')).toHaveTextContent('Quorum not reached');
    expect(within(card).getByTestId('quorum-count')).toHaveTextContent('1 of 3 present, 2 needed (60 %)');
    expect(within(card).getByTestId('chair-role-chair-name')).toHaveTextContent('Grace');
    expect(within(card).getByTestId('chair-role-secretary-name')).toHaveTextContent('Alan');
    expect(within(card).getByTestId('chair-end')).toBeInTheDocument();
    expect(within(card).queryByTestId('chair-start')).toBeNull();
    // each member's mark, with a label naming the member
    fireEvent.click(within(card).getByTestId('roll-mark-3'));
    fireEvent.click(await screen.findByText('Remote'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ user_id: 3, status: 'remote' });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    rerender(
      <ChairCard
        meeting={live({ roll_call: { taken: true, counts: { present: 1, remote: 1, absent: 0, excused: 1, unmarked: 0 }, quorum: { percent: 60, present: 2, total: 3, needed: 2, met: true }, reached_at: '2026-12-01 10:07:00' } })}
        onChanged={onChanged}
      />,
    );
    expect(screen.getByTestId('quorum-indicator')).toHaveAttribute('data-met', '1');
    expect(screen.getByTestId('quorum-state')).toHaveTextContent('Quorum reached');
    expect(screen.getByTestId('quorum-reached-at')).toHaveTextContent('10:07 AM');
  });

  it('a refused mark shows the server message; a member without the roll call sees the marks only', async () => {
    installFetch(on('POST', '/api/meetings/1/rollcall', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { status: ['The roll call is taken while the meeting is live.'] } })));
    const { unmount } = renderWithApp(<ChairCard meeting={live()} onChanged={jest.fn()} />);
    fireEvent.click(screen.getByTestId('roll-mark-4'));
    fireEvent.click(await screen.findByText('Absent'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The roll call is taken while the meeting is live.');
    unmount();
    renderWithApp(<ChairCard meeting={live({ chair_controls: { set_roles: false, start: false, end: false, roll_call: false, publish_agenda: false } })} onChanged={jest.fn()} />);
    expect(screen.queryByTestId('roll-mark-2')).toBeNull();
    expect(screen.getByTestId('roll-tag-2')).toHaveTextContent('Present');
    expect(screen.getByTestId('roll-tag-3')).toHaveTextContent('Not marked');
    expect(screen.getByTestId('roll-tag-4')).toHaveTextContent('Excused');
    expect(screen.queryByTestId('chair-end')).toBeNull();
  });

  it('the owner names the chair and the secretary, then starts the meeting after a confirmation', async () => {
    const scheduled = aMeeting({ members: [aMember(2, 'Grace'), aMember(3, 'Alan')], chair_controls: { set_roles: true, start: true, end: false, roll_call: false, publish_agenda: false } });
    const calls = installFetch(
      on('POST', '/api/meetings/1/roles', () => jsonResponse(200, ok(scheduled, 'Done'))),
      on('POST', '/api/meetings/1/start', () => jsonResponse(200, ok(live(), 'Done'))),
    );
    const onChanged = jest.fn();
    renderWithApp(<ChairCard meeting={scheduled} onChanged={onChanged} />);
    expect(screen.getByText('The roll call is taken once the meeting has started.')).toBeInTheDocument();
    expect(screen.getByTestId('chair-roles-save')).toBeDisabled();
    fireEvent.click(screen.getByTestId('chair-role-chair'));
    fireEvent.click(await screen.findByText('Grace'));
    fireEvent.click(screen.getByTestId('chair-role-secretary'));
    fireEvent.click(await screen.findByText('Alan'));
    fireEvent.click(screen.getByTestId('chair-roles-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ chair_user_id: 2, secretary_user_id: 3 });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('chair-start')).toBeEnabled());
    fireEvent.click(screen.getByTestId('chair-start'));
    fireEvent.click(await screen.findByRole('button', { name: /yes/i }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/meetings/1/start'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
  });

  it('reads in Arabic and Russian', async () => {
    installFetch();
    renderWithApp(<ChairCard meeting={live({ roll_call: { taken: true, counts: { present: 2, remote: 0, absent: 0, excused: 1, unmarked: 0 }, quorum: { percent: 60, present: 2, total: 3, needed: 2, met: true }, reached_at: '2026-12-01 10:07:00' } })} onChanged={jest.fn()} />);
    try {
      await act(() => changeLanguage('ar'));
      expect(screen.getByTestId('quorum-state')).toHaveTextContent('اكتمل النصاب');
      expect(screen.getByRole('heading', { name: 'إدارة الاجتماع' })).toBeInTheDocument();
      await act(() => changeLanguage('ru'));
      expect(screen.getByTestId('quorum-state')).toHaveTextContent('Кворум достигнут');
      expect(screen.getByTestId('chair-end')).toHaveTextContent('Завершить заседание');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

describe('publishing the agenda', () => {
  const scheduled = (over: Partial<MeetingDetails> = {}) =>
    aMeeting({ members: [aMember(2, 'Grace'), aMember(3, 'Alan')], chair_controls: { set_roles: true, start: true, end: false, roll_call: false, publish_agenda: true }, ...over });

  it('the chair publishes after a confirmation; the card then says when, and offers an update', async () => {
    const published = scheduled({ agenda_published_at: '2026-11-28 09:15:00', agenda_edition: 1 });
    const calls = installFetch(on('POST', '/api/meetings/1/agenda/publish', () => jsonResponse(200, ok(published, 'Agenda published'))));
    const onChanged = jest.fn();
    const { rerender } = renderWithApp(<ChairCard meeting={scheduled()} onChanged={onChanged} />);
    expect(screen.getByTestId('agenda-published-at')).toHaveTextContent('The agenda has not been published yet.');
    fireEvent.click(screen.getByTestId('chair-publish-agenda'));
    expect(await screen.findByText('Send the agenda with a link to the board book to every member?')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: /yes/i }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({});
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    rerender(<ChairCard meeting={published} onChanged={onChanged} />);
    expect(screen.getByTestId('agenda-published-at')).toHaveTextContent('Agenda published 28 Nov 2026 09:15 AM');
    expect(screen.getByTestId('chair-publish-agenda')).toHaveTextContent('Publish agenda update');
    rerender(<ChairCard meeting={scheduled({ agenda_published_at: '2026-11-28 11:00:00', agenda_edition: 2 })} onChanged={onChanged} />);
    expect(screen.getByTestId('agenda-published-at')).toHaveTextContent('Agenda update 2 published 28 Nov 2026 11:00 AM');
  });

  it('an empty agenda: the server refusal shows in the card; without the right there is no button', async () => {
    installFetch(on('POST', '/api/meetings/1/agenda/publish', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { agenda: ['Add a talking point to the agenda before publishing it.'] } })));
    const { unmount } = renderWithApp(<ChairCard meeting={scheduled()} onChanged={jest.fn()} />);
    fireEvent.click(screen.getByTestId('chair-publish-agenda'));
    fireEvent.click(await screen.findByRole('button', { name: /yes/i }));
    expect(await screen.findByTestId('agenda-publish-error')).toHaveTextContent('Add a talking point to the agenda before publishing it.');
    unmount();
    renderWithApp(<ChairCard meeting={scheduled({ chair_controls: { set_roles: false, start: false, end: false, roll_call: false, publish_agenda: false } })} onChanged={jest.fn()} />);
    expect(screen.queryByTestId('chair-publish-agenda')).toBeNull();
  });
});
