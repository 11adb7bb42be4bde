import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SearchResults } from '../../api/search';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { HeaderSearch } from '../../shell/HeaderSearch';
import { resultLink } from './search-links';
import { SearchPage } from './SearchPage';

const hit = (over: Partial<SearchResults['groups'][number]['items'][number]>) => ({
  kind: 'meeting' as const, id: 7, title: 'اجتماع أحمد', passage: { text: 'اجتماع أحمد السنوي', start: 7, end: 11 },
  meeting_id: 7, meeting_title: 'اجتماع أحمد', file_kind: null, page: null, date: '2030-01-05T10:00:00.000Z', text_index: null, ...over,
});

const answer = {
  q: 'احمد',
  groups: [
    { kind: 'meeting', items: [hit({})], has_more: false },
    { kind: 'agenda_item', items: [hit({ kind: 'agenda_item', id: 12, title: 'Budget', passage: { text: 'Budget for احمد', start: 11, end: 15 } })], has_more: true },
    { kind: 'resolution', items: [hit({ kind: 'resolution', id: 41, title: 'Hire an auditor', passage: { text: 'Hire an auditor', start: 5, end: 8 }, meeting_id: null, meeting_title: null })], has_more: false },
    { kind: 'minutes', items: [hit({ kind: 'minutes', id: 7, title: 'Budget', passage: { text: 'Agreed: the budget of احمد', start: 22, end: 26 } })], has_more: false },
    { kind: 'file', items: [hit({ kind: 'file', id: 30, title: 'Report أحمد.pdf', passage: { text: 'Report أحمد.pdf', start: 7, end: 11 }, meeting_id: null, meeting_title: null, file_kind: 'pdf' })], has_more: false },
  ],
  missing: [],
} satisfies SearchResults;

describe('search page (/app/search?q=)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    session.signIn({ token: 'tok', email: 'ada@example.com' });
  });

  it('asks GET /api/search with q and shows the groups, the match marked, each result a link', async () => {
    const calls: Call[] = installFetch(on('GET', '/api/search', () => jsonResponse(200, { success: true, data: answer })));
    renderWithApp(<SearchPage />, { path: `/app/search?q=${encodeURIComponent('احمد')}` });
    expect(await screen.findByTestId('search-results')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/search'))!.url).toContain(`q=${encodeURIComponent('احمد')}`);
    expect(screen.getByTestId('search-group-meeting')).toHaveTextContent('Meetings (1)');
    expect(screen.getByTestId('search-group-agenda_item')).toHaveTextContent('Agenda items (1+)');
    const meeting = screen.getByTestId('search-result-meeting-7');
    expect(meeting.querySelector('mark')).toHaveTextContent('أحمد');
    expect(screen.getByTestId('search-open-meeting-7')).toHaveAttribute('href', '/app/activity/meetings/7');
    expect(screen.getByTestId('search-open-agenda_item-12')).toHaveAttribute('href', '/app/activity/meetings/7#_talking_point-12');
    expect(screen.getByTestId('search-open-file-30').getAttribute('href')).toMatch(/^\/doc-view\?id=30/);
    expect(screen.getByTestId('search-group-resolution')).toHaveTextContent('Committee resolutions (1)');
    expect(screen.getByTestId('search-open-resolution-41')).toHaveAttribute('href', '/app/activity/decisions?id=41');
    expect(screen.getByTestId('search-open-minutes-7')).toHaveTextContent('Minutes: Budget');
    expect(screen.getByTestId('search-result-minutes-7')).toHaveTextContent('In: اجتماع أحمد');
  });

  it('a kind button narrows the search (kind=) and All widens it again', async () => {
    const calls: Call[] = installFetch(on('GET', '/api/search', () => jsonResponse(200, { success: true, data: answer })));
    renderWithApp(<SearchPage />, { path: '/app/search?q=budget' });
    await screen.findByTestId('search-results');
    fireEvent.click(screen.getByTestId('search-kind-decision'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/search?q=budget&kind=decision'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('kind=decision'))).toBe(true));
    expect(screen.getByTestId('search-kind-decision')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('search-kind-all'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/\/app\/search\?q=budget$/));
  });

  it('says nothing was found', async () => {
    installFetch(on('GET', '/api/search', () => jsonResponse(200, { success: true, data: { q: 'zzz', groups: [], missing: [] } })));
    renderWithApp(<SearchPage />, { path: '/app/search?q=zzz' });
    expect(await screen.findByTestId('search-empty')).toHaveTextContent('Nothing found for “zzz”');
  });

  it('says which kinds a service did not answer, shows what the others found, and asks again on retry', async () => {
    const partial = { ...answer, groups: answer.groups.filter((g) => g.kind === 'meeting'), missing: ['minutes', 'file'] } satisfies SearchResults;
    const calls: Call[] = installFetch(on('GET', '/api/search', () => jsonResponse(200, { success: true, data: partial })));
    renderWithApp(<SearchPage />, { path: '/app/search?q=budget' });
    expect(await screen.findByTestId('search-missing')).toHaveTextContent('Minutes and Files could not be searched just now, so results of that kind may be missing.');
    expect(screen.getByTestId('search-result-meeting-7')).toBeInTheDocument();
    const asked = calls.filter((c) => c.path.startsWith('/api/search')).length;
    fireEvent.click(screen.getByTestId('search-missing-retry'));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/search')).length).toBe(asked + 1));
  });

  it('shows no notice when every kind was searched', async () => {
    installFetch(on('GET', '/api/search', () => jsonResponse(200, { success: true, data: answer })));
    renderWithApp(<SearchPage />, { path: '/app/search?q=budget' });
    await screen.findByTestId('search-results');
    expect(screen.queryByTestId('search-missing')).toBeNull();
  });

  it('shows the error with a retry when the search fails', async () => {
    installFetch(on('GET', '/api/search', () => jsonResponse(500, { success: false, code: 'INTERNAL', message: 'Server Error' })));
    renderWithApp(<SearchPage />, { path: '/app/search?q=budget' });
    expect(await screen.findByTestId('search-error')).toBeInTheDocument();
    expect(screen.getByTestId('search-error-retry')).toBeInTheDocument();
  });

  it('does not ask for fewer than 2 characters', async () => {
    const calls: Call[] = installFetch();
    renderWithApp(<SearchPage />, { path: '/app/search?q=a' });
    expect(await screen.findByTestId('search-too-short')).toHaveTextContent('Type at least 2 characters to search.');
    expect(calls.filter((c) => c.path.startsWith('/api/search'))).toEqual([]);
  });
});

describe('header search box', () => {
  it('opens the results page with the words typed', async () => {
    installFetch();
    renderWithApp(<HeaderSearch />, { path: '/app/dashboards/home' });
    fireEvent.change(screen.getByTestId('header-search-input'), { target: { value: '  budget review ' } });
    fireEvent.submit(screen.getByTestId('header-search'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/search?q=budget+review'));
  });
});

describe('resultLink', () => {
  it.each([
    [hit({}), '/app/activity/meetings/7'],
    [hit({ kind: 'decision', id: 3 }), '/app/activity/meetings/7'],
    [hit({ kind: 'comment', id: 4 }), '/app/activity/meetings/7'],
    [hit({ kind: 'agenda_item', id: 12 }), '/app/activity/meetings/7#_talking_point-12'],
    [hit({ kind: 'minutes', id: 7 }), '/app/activity/meetings/7'],
    [hit({ kind: 'resolution', id: 41, meeting_id: null, meeting_title: null }), '/app/activity/decisions?id=41'],
    [hit({ kind: 'file', id: 30, title: 'a.docx', meeting_id: null, file_kind: 'word' }), '/viewer/0/30'],
    [hit({ kind: 'file', id: 30, title: 'a.pdf', meeting_id: null, file_kind: 'pdf', page: 4 }), '/doc-view?id=30&doc=a.pdf&page=4'],
    [hit({ kind: 'file', id: 30, meeting_id: null, file_kind: null }), null],
  ])('result %# opens %p', (r, to) => expect(resultLink(r)).toBe(to));
});
