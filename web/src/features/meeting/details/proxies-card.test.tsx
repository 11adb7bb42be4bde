import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingDetails, Proxy } from '@app/contracts';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aMeeting, aMember, ok } from '../decisions/fixtures';
import { ProxiesCard } from './ProxiesCard';

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

const person = (id: number, name: string) => ({ id, name, image: null });
const aProxy = (over: Partial<Proxy> = {}): Proxy => ({
  id: 5, meeting_id: 1, from_user_id: 2, to_user_id: 3, from: person(2, 'Grace'), to: person(3, 'Alan'), created_at: '2026-11-20 09:00:00', can_revoke: false, ...over,
});
const proxies = (over: Partial<MeetingDetails['proxies']> = {}): MeetingDetails['proxies'] => ({ items: [], open: true, can_give: false, can_record: false, per_holder: 1, ...over });
const members = [aMember(2, 'Grace'), aMember(3, 'Alan'), aMember(4, 'Ada')];

describe('the proxies card', () => {
  it('shows the quorum with the represented counted and who represents whom; revoking where the server allows it', async () => {
    const calls = installFetch(on('DELETE', '/api/meetings/1/proxies/5', () => jsonResponse(200, ok(proxies(), 'Deleted successfully'))));
    const onChanged = jest.fn();
    renderWithApp(
      <ProxiesCard
        meeting={aMeeting({ members, attendance_quorum: { percent: 50, present: 2, total: 3, needed: 2, met: true }, proxies: proxies({ items: [aProxy({ can_revoke: true }), aProxy({ id: 6, from: person(4, 'Ada'), from_user_id: 4 })] }) })}
        onChanged={onChanged}
      />,
    );
    const card = screen.getByTestId('proxies-card');
    expect(within(card).getByTestId('proxies-quorum')).toHaveTextContent('Quorum: 2 of 3 present (represented members included), 2 needed. Quorum met');
    expect(within(card).getByTestId('proxy-5')).toHaveTextContent('Grace represented by Alan');
    expect(within(card).getByTestId('proxy-6')).toHaveTextContent('Ada represented by Alan');
    expect(within(card).queryByTestId('proxy-revoke-6')).toBeNull();
    expect(within(card).queryByTestId('proxies-form')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Revoke the proxy of Grace' }));
    fireEvent.click(await screen.findByRole('button', { name: /yes/i }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('a member gives their own proxy: only the holder is chosen; a refusal shows under its field', async () => {
    const calls = installFetch(
      on('POST', '/api/meetings/1/proxies', (c) =>
        (c.body as { to_user_id: number }).to_user_id === 4
          ? jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { to_user_id: ['This member already holds as many proxies as allowed.'] } })
          : jsonResponse(200, ok(proxies({ items: [aProxy()] }), 'Done'))),
    );
    renderWithApp(<ProxiesCard meeting={aMeeting({ members, current_member: members[0], proxies: proxies({ can_give: true }) })} onChanged={jest.fn()} />);
    expect(screen.queryByTestId('proxy-from')).toBeNull();
    fireEvent.click(screen.getByTestId('proxy-give'));
    expect(await screen.findByTestId('proxy-to-error')).toHaveTextContent('This field is required.');
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('proxy-to'));
    fireEvent.click(await screen.findByText('Ada'));
    // oneself is not offered
    expect(screen.queryByText('Grace')).toBeNull();
    fireEvent.click(screen.getByTestId('proxy-give'));
    expect(await screen.findByTestId('proxy-to-error')).toHaveTextContent('This member already holds as many proxies as allowed.');
    expect(calls[0].body).toEqual({ from_user_id: 2, to_user_id: 4 });
    fireEvent.click(screen.getByTestId('proxy-to'));
    fireEvent.click(await screen.findByText('Alan'));
    fireEvent.click(screen.getByTestId('proxy-give'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toEqual({ from_user_id: 2, to_user_id: 3 });
  });

  it('the owner records one for any member; once the meeting has started the list is fixed; Arabic', async () => {
    installFetch();
    const { unmount } = renderWithApp(<ProxiesCard meeting={aMeeting({ members, proxies: proxies({ can_record: true }) })} onChanged={jest.fn()} />);
    expect(screen.getByTestId('proxy-from')).toBeInTheDocument();
    unmount();
    renderWithApp(<ProxiesCard meeting={aMeeting({ members, proxies: proxies({ open: false, items: [aProxy()] }) })} onChanged={jest.fn()} />);
    expect(screen.queryByTestId('proxies-form')).toBeNull();
    expect(screen.getByTestId('proxies-fixed')).toHaveTextContent('The meeting has started: the proxies are fixed.');
    await act(() => changeLanguage('ar'));
    try {
      expect(screen.getByTestId('proxy-5')).toHaveTextContent('Grace ينوب عنه Alan');
      expect(screen.getByRole('heading', { name: 'التوكيلات' })).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
