import type { UserBrief } from '@app/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { Providers } from '../../App';
import { onNotify, type Notice } from '../../api/notify';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import type { SharedWith } from '../../api/library';
import { ShareDialog } from './ShareDialog';

jest.setTimeout(20_000);

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('share dialog: the toast names who now has the file (issue 25: it said only "Shared.")', () => {
  it('sends the whole list and names the people added', async () => {
    const user = (id: number, name: string): UserBrief => ({ id, name, email: `u${id}@example.com`, image: null, position: null, designation: null });
    installFetch(on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: [user(2, 'Mona Member'), user(3, 'Mark Member'), user(4, 'Olga Outsider')] })));
    const seen: Notice[] = [];
    const off = onNotify((n) => seen.push(n));
    const save = jest.fn(async () => 'Shared successfully');
    render(
      <Providers>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <ShareDialog name="Board pack.pdf" onHide={jest.fn()} load={async () => [{ user_id: 4, name: 'Olga Outsider', can_edit: true } as unknown as SharedWith]} save={save} />
        </SWRConfig>
      </Providers>,
    );
    await screen.findByTestId('share-dialog');
    fireEvent.click(screen.getByTestId('share-users'));
    fireEvent.click(await screen.findByRole('option', { name: 'Mona Member', hidden: true }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mark Member', hidden: true }));
    fireEvent.click(screen.getByTestId('share-submit'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith([{ user_id: 4, can_edit: true }, { user_id: 2, can_edit: false }, { user_id: 3, can_edit: false }]);
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual(expect.objectContaining({ severity: 'success', summary: 'Shared successfully', detail: 'Board pack.pdf is now shared with Mona Member, Mark Member.' }));
    off();
  });
});
