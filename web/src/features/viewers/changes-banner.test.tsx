import type { FileChanges } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../api/session';
import { changeLanguage } from '../../i18n';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { ChangesBanner } from './ChangesBanner';
import { changeCounts, changedPages, pageChange } from './changes-rules';

const CHANGES: FileChanges = {
  item_id: 5, version: 3, since: 1, ready: true,
  pages: [
    { status: 'unchanged', page: 1, old_page: 1, changes: [] },
    { status: 'unchanged', page: 2, old_page: 2, changes: [] },
    { status: 'changed', page: 3, old_page: 3, changes: [{ op: 'same', text: 'The reserve is' }, { op: 'removed', text: 'ten' }, { op: 'added', text: 'twelve' }, { op: 'same', text: 'percent' }] },
    { status: 'removed', page: null, old_page: 4, changes: [] },
    { status: 'added', page: 4, old_page: null, changes: [] },
  ],
};

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});
afterEach(() => act(() => changeLanguage('en')));

describe('changes rules', () => {
  it('changedPages: the changed and new pages of the current version, in order', () => {
    expect(changedPages(CHANGES).map((p) => [p.status, p.page])).toEqual([['changed', 3], ['added', 4]]);
    expect(changedPages(null)).toEqual([]);
  });
  it('changeCounts', () => {
    expect(changeCounts(CHANGES)).toEqual({ changed: 1, added: 1, removed: 1 });
    expect(changeCounts(undefined)).toEqual({ changed: 0, added: 0, removed: 0 });
  });
  it.each<[number, string | null]>([[1, null], [3, 'changed'], [4, 'added'], [9, null]])('pageChange of page %i', (page, status) => {
    expect(pageChange(CHANGES, page)?.status ?? null).toBe(status);
  });
});

describe('ChangesBanner', () => {
  it('says what changed since the version opened before; a page button turns to the page; the shown page marks its words', async () => {
    const calls = installFetch(on('GET', '/api/library/5/changes', () => jsonResponse(200, { success: true, data: CHANGES })));
    const went: number[] = [];
    const { rerender } = renderWithApp(<ChangesBanner fileId={5} meetingId={9} page={1} goTo={(p) => went.push(p)} />);
    const banner = await screen.findByTestId('pdf-changes');
    expect(banner).toHaveTextContent('Changed since version 1, which you opened before.');
    expect(screen.getByTestId('pdf-changes-counts')).toHaveTextContent('Pages: 1 changed, 1 added, 1 removed.');
    expect(calls[0].url).toContain('meeting_id=9');
    expect(screen.queryByTestId('pdf-changes-here')).toBeNull();
    fireEvent.click(screen.getByTestId('pdf-changes-page-3'));
    fireEvent.click(screen.getByTestId('pdf-changes-page-4'));
    expect(went).toEqual([3, 4]);
    expect(screen.getByTestId('pdf-changes-page-4')).toHaveTextContent('Page 4 is new');

    rerender(<ChangesBanner fileId={5} meetingId={9} page={3} goTo={() => undefined} />);
    const here = await screen.findByTestId('pdf-changes-here');
    expect(within(here).getByText('twelve', { exact: false }).closest('ins')).not.toBeNull();
    expect(within(here).getByText('ten', { exact: false }).closest('del')).not.toBeNull();
    expect(here.querySelector('ins')).toHaveTextContent('Added: twelve');
    expect(screen.getByTestId('pdf-changes-page-3')).toHaveAttribute('aria-current', 'page');
  });

  it.each<[string, Partial<FileChanges>]>([
    ['nothing to compare with', { since: null, pages: [] }],
    ['the text is not there yet', { ready: false, pages: [] }],
    ['nothing changed', { pages: [CHANGES.pages[0]] }],
  ])('shows nothing when %s', async (_n, over) => {
    const calls = installFetch(on('GET', '/api/library/5/changes', () => jsonResponse(200, { success: true, data: { ...CHANGES, ...over } })));
    renderWithApp(<ChangesBanner fileId={5} meetingId={null} page={1} goTo={() => undefined} />);
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('pdf-changes')).toBeNull();
  });

  it('in Arabic', async () => {
    installFetch(on('GET', '/api/library/5/changes', () => jsonResponse(200, { success: true, data: CHANGES })));
    await act(() => changeLanguage('ar'));
    renderWithApp(<ChangesBanner fileId={5} meetingId={null} page={4} goTo={() => undefined} />);
    expect(await screen.findByTestId('pdf-changes-here')).toHaveTextContent('هذه الصفحة جديدة في هذا الإصدار.');
  });
});
