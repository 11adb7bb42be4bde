import { screen } from '@testing-library/react';
import type { LibraryDetails } from '../../api/library';
import type { SearchResults } from '../../api/search';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { SearchPage } from '../search/SearchPage';
import { DetailsDrawer } from './DetailsDrawer';
import { anItem } from './library-fixtures';
import { textIndexShown } from './TextIndexState';

/** The state of a file's text for the search (docs/search.md#text-inside-files), where the web shows files. */
describe('textIndexShown', () => {
  it.each([
    [{ status: 'pending', pages: 0, truncated: false }, 'pending'],
    [{ status: 'processing', pages: 0, truncated: false }, 'pending'],
    [{ status: 'done', pages: 3, truncated: false }, 'done'],
    [{ status: 'done', pages: 2000, truncated: true }, 'truncated'],
    [{ status: 'failed', pages: 0, truncated: false }, 'failed'],
    [{ status: 'none', pages: 0, truncated: false }, null],
    [null, null],
  ] as const)('%j -> %p', (t, shown) => expect(textIndexShown(t)).toBe(shown));
});

const details = (over: Partial<LibraryDetails>): LibraryDetails => ({ ...anItem(5, 'pack.pdf', 'pdf'), used_in: [], versions: [], text_index: null, ...over });

describe('the details drawer', () => {
  // the drawer's download policy asks too: not this test's concern (404)
  beforeEach(() => {
    window.localStorage.clear();
    session.signIn({ token: 'tok', email: 'ada@example.com' });
    installFetch();
  });

  it.each([
    [{ status: 'done', pages: 3, truncated: false }, 'Text searchable (3 pages)'],
    [{ status: 'done', pages: 1, truncated: false }, 'Text searchable (1 page)'],
    [{ status: 'done', pages: 2000, truncated: true }, 'Only the first 2000 pages are searchable (the text is too long)'],
    [{ status: 'processing', pages: 0, truncated: false }, 'Text being read for search'],
    [{ status: 'failed', pages: 0, truncated: false }, 'The text could not be read: found by its name only'],
  ] as const)('shows the text state %j', async (textIndex, label) => {
    renderWithApp(<DetailsDrawer id={5} onHide={() => undefined} load={() => Promise.resolve(details({ text_index: textIndex }))} />);
    expect(await screen.findByTestId('details-text-index')).toHaveTextContent(label);
  });

  it('says nothing of text for a file without any (audio) or a folder', async () => {
    renderWithApp(<DetailsDrawer id={5} onHide={() => undefined} load={() => Promise.resolve(details({ ...anItem(5, 'memo.mp3', 'audio'), text_index: { status: 'none', pages: 0, truncated: false } }))} />);
    expect(await screen.findByTestId('details-list')).toBeInTheDocument();
    expect(screen.queryByTestId('details-text-index')).toBeNull();
    expect(screen.queryByText('Text for search')).toBeNull();
  });
});

describe('a file in the search results', () => {
  beforeEach(() => {
    window.localStorage.clear();
    session.signIn({ token: 'tok', email: 'ada@example.com' });
  });

  it('shows its text state beside the passage; a file found by its name while its text is read says so', async () => {
    const file = (id: number, textIndex: NonNullable<SearchResults['groups'][number]['items'][number]['text_index']>) => ({
      kind: 'file' as const, id, title: `report-${id}.pdf`, passage: { text: `report-${id}.pdf`, start: 0, end: 6 }, meeting_id: null, meeting_title: null,
      file_kind: 'pdf' as const, page: null, date: '2030-01-05T10:00:00.000Z', text_index: textIndex,
    });
    const answer: SearchResults = {
      q: 'report',
      groups: [{ kind: 'file', items: [file(1, { status: 'pending', pages: 0, truncated: false }), file(2, { status: 'done', pages: 4, truncated: true }), file(3, { status: 'failed', pages: 0, truncated: false })], has_more: false }],
      missing: [],
    };
    installFetch(on('GET', '/api/search', () => jsonResponse(200, { success: true, data: answer })));
    renderWithApp(<SearchPage />, { path: '/app/search?q=report' });
    expect(await screen.findByTestId('search-text-index-1')).toHaveTextContent('Text being read for search');
    expect(screen.getByTestId('search-text-index-2')).toHaveTextContent('Only the first 4 pages are searchable (the text is too long)');
    expect(screen.getByTestId('search-text-index-3')).toHaveAttribute('data-state', 'failed');
  });
});
