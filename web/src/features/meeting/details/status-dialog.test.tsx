import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aMeeting, aDecision, ok, permissions } from '../decisions/fixtures';
import { StatusDialog } from './Dialogs';

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const talkingPoint = { agenda_type: 'talking_point', agenda_type_id: 5, row_num: 1, data: [{ agenda_type: 'talking_point', id: 5 }] };
const decision = { agenda_type: 'decision', agenda_type_id: 6, row_num: 2, data: [aDecision({ id: 6 })] };

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

function schedule(agendas: unknown[], needsMembers = false) {
  const calls = installFetch(on('POST', '/api/meetings/1/changestatus', () => jsonResponse(200, ok(aMeeting(), 'Status changed'))));
  const meeting = aMeeting({ meeting_status_id: 1, agendas: agendas as never, permissions: permissions({ allowedStatuses: [2], needsMembers }) });
  renderWithApp(<StatusDialog meeting={meeting} visible onHide={jest.fn()} onChanged={jest.fn()} />);
  fireEvent.change(document.getElementById('status-reason')!, { target: { value: 'Ready' } });
  click('status-submit');
  return calls;
}

describe('Schedule asks first when the agenda has no decisions or actions (meetings.md §4)', () => {
  it('with talking points and decisions: no question, the status changes', async () => {
    const calls = schedule([talkingPoint, decision]);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/changestatus'))).toBe(true));
    expect(screen.queryByTestId('schedule-confirm')).toBeNull();
  });

  it('without decisions or actions: the question lists what is missing; confirming schedules', async () => {
    const calls = schedule([talkingPoint]);
    expect(await screen.findByTestId('schedule-confirm')).toBeInTheDocument();
    expect(screen.getByTestId('schedule-missing')).toHaveTextContent('decisions or actions');
    expect(calls.some((c) => c.path.endsWith('/changestatus'))).toBe(false);
    click('schedule-confirm-accept');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/changestatus'))).toBe(true));
  });

  it('without agenda items or participants the confirm button is disabled', async () => {
    const calls = schedule([], true);
    expect(await screen.findByTestId('schedule-confirm-accept')).toBeDisabled();
    expect(screen.getByTestId('schedule-missing')).toHaveTextContent('participants');
    expect(screen.getByTestId('schedule-missing')).toHaveTextContent('agenda items');
    expect(calls.some((c) => c.path.endsWith('/changestatus'))).toBe(false);
  });
});
