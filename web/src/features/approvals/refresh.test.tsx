import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { useApi } from '../../hooks/use-api';
import { useApprovalsChanged } from './refresh';

/**
 * The signer's way back: the details page was fetched moments before signing, so its next mount falls inside SWR's
 * deduplication window (2 s by default, kept here, unlike the other page tests) and would show the old status.
 */
function Details({ fetcher }: { fetcher: () => Promise<string> }) {
  const d = useApi('approvals/details', [7, null], fetcher);
  return <p data-testid="status">{d.data ?? 'loading'}</p>;
}

function Harness({ fetcher, signs }: { fetcher: () => Promise<string>; signs: boolean }) {
  const [page, setPage] = useState<'details' | 'signing'>('details');
  const changed = useApprovalsChanged();
  const sign = async () => {
    if (signs) await changed();
    setPage('details');
  };
  return (
    <>
      {page === 'details' ? <Details fetcher={fetcher} /> : <p>signing page</p>}
      <button type="button" onClick={() => setPage('signing')}>open signing</button>
      <button type="button" onClick={() => void sign()}>save</button>
    </>
  );
}

describe('after a decision the approval views ask again', () => {
  it.each([
    { name: 'with useApprovalsChanged the details page shows the new status', signs: true, want: 'fully signed', fetches: 2 },
    { name: 'without it the second mount is deduplicated and stays old', signs: false, want: 'partly signed', fetches: 1 },
  ])('$name', async ({ signs, want, fetches }) => {
    let n = 0;
    const fetcher = jest.fn(async () => (++n === 1 ? 'partly signed' : 'fully signed'));
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Harness fetcher={fetcher} signs={signs} />
      </SWRConfig>,
    );
    expect(await screen.findByText('partly signed')).toBeInTheDocument();
    fireEvent.click(screen.getByText('open signing'));
    await act(async () => {
      fireEvent.click(screen.getByText('save'));
    });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(want));
    // give a refetch the chance to land before counting
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('status')).toHaveTextContent(want);
    expect(fetcher).toHaveBeenCalledTimes(fetches);
  });
});
