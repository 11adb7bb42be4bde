import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../../App';
import { session } from '../../api/session';
import { profileBody } from '../../test/app';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { aDocx, aFolder, aPdf, onFavorite, onListing } from './library-fixtures';
import { LibraryPage } from './LibraryPage';
import { LibraryPicker } from './LibraryPicker';

// the screens render many PrimeReact parts; on a loaded test machine a test can take several seconds
jest.setTimeout(20_000);

const profile = on('GET', '/api/profile', () => jsonResponse(200, profileBody(['library_show'])));
const rowNames = () => screen.getAllByTestId('library-row').map((r) => r.getAttribute('data-name'));

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('library page', () => {
  it('lists folders first, then files with their type icons; a folder opens with breadcrumbs, and the crumb goes back', async () => {
    const calls = installFetch(
      profile,
      onListing(({ dir }) =>
        dir === '2'
          ? { dirs: [], files: [aDocx(5, 'Minutes draft.docx')], breadcrumbs: [{ id: 2, name: 'Minutes' }], dir: aFolder(2, 'Minutes') }
          : { dirs: [aFolder(2, 'Minutes')], files: [aPdf(3, 'Pack.pdf'), aDocx(4, 'Notes.docx')] },
      ),
    );
    renderWithApp(<LibraryPage />, { path: '/app/activity/library' });
    await screen.findByText('Pack.pdf');
    expect(rowNames()).toEqual(['Minutes', 'Pack.pdf', 'Notes.docx']);
    const kinds = screen.getAllByTestId('library-row').map((r) => r.querySelector('[data-kind]')?.getAttribute('data-kind'));
    expect(kinds).toEqual(['folder', 'pdf', 'word']);
    fireEvent.click(screen.getByText('Minutes'));
    expect(await screen.findByText('Minutes draft.docx')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app/activity/library?dir=2');
    expect(calls.some((c) => c.path === '/api/library?tab=my&dir=2')).toBe(true);
    const crumbs = screen.getByTestId('library-crumbs');
    expect(within(crumbs).getByText('Minutes')).toBeDisabled();
    fireEvent.click(within(crumbs).getByText('My library'));
    expect(await screen.findByText('Pack.pdf')).toBeInTheDocument();
  });

  it('shows an empty state per tab and an error state with retry', async () => {
    let fail = true;
    installFetch(
      profile,
      onListing(({ tab }) => {
        if (tab === 'organization' && fail) return 500;
        return { dirs: [], files: [] };
      }),
    );
    renderWithApp(<LibraryPage />, { path: '/app/activity/library?tab=shared' });
    expect(await screen.findByTestId('library-empty')).toHaveTextContent('Nothing is shared with you yet');
    fireEvent.click(screen.getByText('Favorites'));
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Organization library'));
    expect(await screen.findByTestId('library-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByTestId('library-error-retry'));
    expect(await screen.findByText('The organization library is empty')).toBeInTheDocument();
  });

  it('searches, deletes after a confirmation, and stars a favorite', async () => {
    let files = [aPdf(3, 'Pack.pdf'), aPdf(4, 'Budget.pdf')];
    const calls: Call[] = installFetch(
      profile,
      onListing(({ search }) => ({ dirs: [], files: search ? files.filter((f) => f.name.toLowerCase().includes(search)) : files })),
      on('DELETE', '/api/library/3', () => {
        files = files.filter((f) => f.id !== 3);
        return jsonResponse(200, { success: true, message: 'File deleted successfully', data: null });
      }),
      onFavorite(),
    );
    renderWithApp(<LibraryPage />, { path: '/app/activity/library' });
    await screen.findByText('Budget.pdf');
    fireEvent.change(screen.getByTestId('library-search'), { target: { value: 'bud' } });
    await waitFor(() => expect(rowNames()).toEqual(['Budget.pdf']));
    fireEvent.change(screen.getByTestId('library-search'), { target: { value: 'nothing' } });
    expect(await screen.findByText('No matching files')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('library-search'), { target: { value: '' } });
    await waitFor(() => expect(rowNames()).toEqual(['Pack.pdf', 'Budget.pdf']));

    const pack = screen.getAllByTestId('library-row')[0];
    fireEvent.click(within(pack).getByTestId('library-delete'));
    expect(await screen.findByText('Delete the file "Pack.pdf"?')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Yes'));
    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Budget.pdf']));

    fireEvent.click(within(screen.getAllByTestId('library-row')[0]).getByTestId('library-favorite'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/lib-fav')?.body).toEqual({ id: 4, favorite: true }));
    expect(calls.some((c) => c.path === '/api/library/search?search=bud&tab=my')).toBe(true);
  });

  it('a folder name is required', async () => {
    installFetch(profile, onListing(() => ({ dirs: [], files: [] })));
    renderWithApp(<LibraryPage />, { path: '/app/activity/library' });
    await screen.findByTestId('library-empty');
    fireEvent.click(screen.getByTestId('library-new-folder'));
    fireEvent.click(await screen.findByTestId('folder-dialog-submit'));
    expect(await screen.findByTestId('folder-dialog-name-error')).toHaveTextContent('This field is required.');
  });
});

describe('library picker (60% wide)', () => {
  function showPicker(props: Partial<Parameters<typeof LibraryPicker>[0]> = {}) {
    const onPick = jest.fn();
    render(
      <Providers>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <MemoryRouter>
            <LibraryPicker visible onHide={jest.fn()} onPick={onPick} {...props} />
          </MemoryRouter>
        </SWRConfig>
      </Providers>,
    );
    return onPick;
  }

  it('has the five tabs; folders have no checkbox; items the user cannot edit are hidden; the ticked files are handed back', async () => {
    const pack = aPdf(3, 'Pack.pdf');
    installFetch(profile, onListing(() => ({ dirs: [aFolder(2, 'Minutes'), aFolder(9, 'Locked', { can_edit: false })], files: [pack, aPdf(4, 'Read only.pdf', { can_edit: false }), aDocx(5, 'Notes.docx')] })));
    const onPick = showPicker();
    const dialog = await screen.findByTestId('library-picker');
    expect(dialog).toHaveStyle({ width: '60%' });
    for (const k of ['my', 'shared', 'organization', 'favorite', 'upload']) expect(screen.getByTestId(`picker-tab-${k}`)).toBeInTheDocument();
    await screen.findByText('Pack.pdf');
    expect(rowNames()).toEqual(['Minutes', 'Pack.pdf', 'Notes.docx']);
    const [folderRow] = screen.getAllByTestId('library-row');
    expect(within(folderRow).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(screen.getAllByTestId('library-row')[1]).getByRole('checkbox'));
    expect(screen.getByTestId('picker-count')).toHaveTextContent('1 file chosen');
    fireEvent.click(screen.getByTestId('picker-done'));
    expect(onPick).toHaveBeenCalledWith([pack]);
  });

  it("in PDF-only mode a non-PDF file is listed dimmed with its checkbox disabled ('Choose only pdf'); a PDF is ticked", async () => {
    installFetch(profile, onListing(() => ({ dirs: [], files: [aDocx(5, 'Notes.docx'), aPdf(3, 'Pack.pdf')] })));
    showPicker({ pdfOnly: true });
    await screen.findByText('Notes.docx');
    const [docx, pack] = screen.getAllByTestId('library-row');
    expect(docx.className).toContain('library-row--unavailable');
    expect(pack.className).not.toContain('library-row--unavailable');
    const disabled = within(docx).getByRole('checkbox');
    expect(disabled).toBeDisabled();
    expect(disabled).toHaveAccessibleName(expect.stringContaining('Choose only pdf'));
    fireEvent.click(disabled);
    expect(screen.getByTestId('picker-done')).toBeDisabled();
    // its name still says why when clicked
    fireEvent.click(within(docx).getByText('Notes.docx'));
    expect(await screen.findByText('Choose only pdf')).toBeInTheDocument();
    expect(screen.getByTestId('picker-done')).toBeDisabled();
    expect(within(pack).getByRole('checkbox')).toBeEnabled();
    fireEvent.click(within(pack).getByRole('checkbox'));
    expect(screen.getByTestId('picker-count')).toHaveTextContent('1 file chosen');
  });
});
