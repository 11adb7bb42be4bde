import type { MinutesState } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { hostInfo, isLocalOrTestHost } from '../../../lib/host';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aListing, aPdf } from '../../library/library-fixtures';
import { aMeeting } from '../decisions/fixtures';
import { defaultMinutesLang, MinutesCard, versionDate } from './MinutesCard';

const perms = (over: Partial<MinutesState['permissions']> = {}): MinutesState['permissions'] => ({
  available: true, manage: true, history: true, edit: true, comment: false, done: true, download: true, upload: true, toggleSetting: true, seeCard: true, ...over,
});
function aState(over: Partial<MinutesState> = {}): MinutesState {
  return {
    meeting_id: 1, title: 'Board meeting', meeting_status_id: 3, mom: 0, mom_settings: 1, can_commit: true, permissions: perms(),
    items: [
      { type: 'meeting', id: 1, title: 'Board meeting', parent: null, conclusion: '', active: true, comments: [] },
      { type: 'talking_point', id: 5, title: 'Budget', parent: null, conclusion: 'Approved', active: true, comments: [{ id: 1, comment: 'Agreed', user_id: 2, user_name: 'Grace', created_at: '2026-11-24 10:00:00' }] },
    ],
    mom_versions: [{ id: 3, version: 1, library_id: 40, file_url: 'http://s3.test/v1.pdf', updated_at: '2026-11-24 14:05:00', source: 'rendered', lang: 'en' }],
    render: null,
    workflow: null,
    ...over,
  };
}

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('minutes card', () => {
  it('the owner writes a conclusion, switches an item off and presses Done: what is sent follows the form rules', async () => {
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState() })),
      on('POST', '/api/meetings/1/mom_conclusion', () => jsonResponse(200, { success: true, message: 'Minutes saved successfully', data: aState({ render: { id: 1, status: 'queued', progress: 0, version: null, error: null } }) })),
    );
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    fireEvent.click(await screen.findByTestId('minutes-manage'));
    fireEvent.change(await screen.findByTestId('minutes-conclusion-meeting-1'), { target: { value: '  The board met. ' } });
    expect(screen.getByTestId('minutes-item-talking_point-5')).toHaveTextContent('Agenda item');
    // the labels do not run together ("MeetingMeeting"), and each control names its item
    expect(screen.getByTestId('minutes-item-meeting-1').querySelector('.flex')!.textContent).toBe('Meeting');
    expect(screen.getByTestId('minutes-item-talking_point-5').querySelector('.flex')!.textContent).toBe('Budget Agenda item');
    expect(screen.getByLabelText('Conclusion: Budget')).toBe(screen.getByTestId('minutes-conclusion-talking_point-5'));
    expect(screen.getByLabelText('Conclusion: Meeting')).toBe(screen.getByTestId('minutes-conclusion-meeting-1'));
    expect(screen.getByTestId('minutes-active-talking_point-5').querySelector('input')).toHaveAccessibleName('Discussed: Budget');
    fireEvent.click(screen.getByTestId('minutes-active-talking_point-5').querySelector('input')!);
    fireEvent.click(screen.getByTestId('minutes-done'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      id: 1, isConclusion: true, done: 1, mom_lang: 'en',
      conclusions: [
        { type: 'meeting', id: 1, conclusion: 'The board met.', active: true, comment: [] },
        { type: 'talking_point', id: 5, conclusion: '', active: false, comment: [] },
      ],
    });
    expect(await screen.findByTestId('minutes-progress')).toBeInTheDocument();
  });

  it('a participant only comments, on items with a conclusion; no Done, no history', async () => {
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState({ permissions: perms({ manage: false, history: false, edit: false, comment: true, done: false, download: false }), mom_versions: [] }) })),
      on('POST', '/api/meetings/1/mom_conclusion', () => jsonResponse(200, { success: true, data: aState() })),
    );
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    fireEvent.click(await screen.findByTestId('minutes-manage'));
    expect(screen.queryByTestId('minutes-history')).toBeNull();
    expect(screen.queryByTestId('minutes-done')).toBeNull();
    expect(screen.queryByTestId('minutes-comment-meeting-1')).toBeNull();
    fireEvent.change(screen.getByTestId('minutes-comment-talking_point-5'), { target: { value: 'Fine' } });
    fireEvent.click(screen.getByTestId('minutes-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect((calls.find((c) => c.method === 'POST')!.body as { conclusions: unknown[] }).conclusions[1]).toEqual({ type: 'talking_point', id: 5, conclusion: 'Approved', active: true, comment: ['Fine'] });
  });

  it('the history lists each version with its date and link; the card is hidden where the service says so', async () => {
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState() })));
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    fireEvent.click(await screen.findByTestId('minutes-history'));
    expect(await screen.findByTestId('minutes-version-1')).toHaveAttribute('href', 'http://s3.test/v1.pdf');
    expect(screen.getByText('2026-11-24 - 02:05 PM')).toBeInTheDocument();
  });

  it('the owner turns the minutes download on from the card: POST mom {mom_settings: 1}, then the download is offered', async () => {
    const off = aState({ mom_settings: 0, permissions: perms({ download: false }) });
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: off })),
      on('POST', '/api/meetings/1/mom', () => jsonResponse(200, { success: true, message: 'Done', data: aState() })),
    );
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    const sw = await screen.findByTestId('minutes-setting-switch');
    expect(screen.queryByTestId('minutes-download')).toBeNull();
    expect(sw.querySelector('input')).not.toBeChecked();
    fireEvent.click(sw.querySelector('input')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ id: 1, mom_settings: 1 });
    expect(await screen.findByTestId('minutes-download')).toBeEnabled();
    expect(screen.getByTestId('minutes-setting-switch').querySelector('input')).toBeChecked();
  });

  it('no setting switch for who may not change it', async () => {
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState({ permissions: perms({ manage: false, toggleSetting: false, comment: true }) }) })));
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    await screen.findByTestId('minutes-manage');
    expect(screen.queryByTestId('minutes-setting')).toBeNull();
  });

  it("the owner chooses the PDF's language in the card: Done sends it whatever the interface language; the history names each version's language", async () => {
    const versions = [
      { id: 3, version: 1, library_id: 40, file_url: 'http://s3.test/v1.pdf', updated_at: '2026-11-24 14:05:00', source: 'rendered' as const, lang: 'en' },
      { id: 4, version: 2, library_id: 41, file_url: 'http://s3.test/v2.pdf', updated_at: '2026-11-25 09:00:00', source: 'rendered' as const, lang: 'ar' },
    ];
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState({ mom_versions: versions }) })),
      on('POST', '/api/meetings/1/mom_conclusion', () => jsonResponse(200, { success: true, message: 'Minutes saved successfully', data: aState({ mom_versions: versions }) })),
    );
    await act(() => changeLanguage('ru'));
    try {
      renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
      // the newest version was Arabic: the choice starts there, not at the interface's Russian
      const select = (await screen.findByLabelText('Язык протокола (PDF)')) as HTMLSelectElement;
      expect(select.value).toBe('ar');
      expect([...select.options].map((o) => o.textContent)).toEqual(['English', 'العربية', 'Français', 'Русский']);
      fireEvent.change(select, { target: { value: 'en' } });
      fireEvent.click(screen.getByTestId('minutes-manage'));
      fireEvent.click(await screen.findByTestId('minutes-done'));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ done: 1, mom_lang: 'en' });
      fireEvent.click(screen.getByTestId('minutes-history'));
      expect(await screen.findByTestId('minutes-version-lang-2')).toHaveTextContent('العربية');
      expect(screen.getByTestId('minutes-version-lang-1')).toHaveTextContent('English');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('Save sends no language', async () => {
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState() })),
      on('POST', '/api/meetings/1/mom_conclusion', () => jsonResponse(200, { success: true, data: aState() })),
    );
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    fireEvent.click(await screen.findByTestId('minutes-manage'));
    fireEvent.click(await screen.findByTestId('minutes-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('mom_lang');
  });

  it('who may not press Done sees no language choice', async () => {
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState({ permissions: perms({ done: false }) }) })));
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    await screen.findByTestId('minutes-manage');
    expect(screen.queryByTestId('minutes-lang')).toBeNull();
  });

  it.each([
    [[], 'ar', 'ar'],
    [[], 'fr', 'fr'],
    [[], 'de', 'en'],
    [[{ version: 1, lang: 'ru' }, { version: 2, lang: 'ar' }], 'en', 'ar'],
    [[{ version: 1, lang: 'fr' }], 'ru', 'fr'],
    [[{ version: 1, lang: 'de' }], 'ru', 'ru'],
  ])('defaultMinutesLang(%j, %s) = %s', (versions, ui, out) => expect(defaultMinutesLang(versions as never, ui)).toBe(out));

  it.each([
    ['2026-11-24 14:05:00', '2026-11-24 - 02:05 PM'],
    ['2026-11-24 00:30:00', '2026-11-24 - 12:30 AM'],
    ['2026-11-24 12:00:00', '2026-11-24 - 12:00 PM'],
  ])('versionDate(%s) = %s', (input, out) => expect(versionDate(input)).toBe(out));
});

describe('upload minutes', () => {
  const listing = on('GET', /^\/api\/library(\/search)?$/, () => jsonResponse(200, { success: true, data: aListing({ files: [aPdf(40, 'Signed minutes.pdf')] }) }));

  it('a library PDF chosen in the picker becomes the next version: upload_mom {id, library_id}', async () => {
    let uploaded = false;
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: uploaded ? aState() : aState({ mom_versions: [] }) })),
      listing,
      on('POST', '/api/meetings/1/upload_mom', () => {
        uploaded = true;
        return jsonResponse(200, { success: true, message: 'Minutes uploaded successfully', data: aState() });
      }),
    );
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 5 })} />);
    expect(await screen.findByTestId('minutes-download')).toBeDisabled();
    fireEvent.click(screen.getByTestId('minutes-upload'));
    await screen.findByTestId('library-picker');
    const row = (await screen.findAllByTestId('library-row')).find((r) => r.getAttribute('data-name') === 'Signed minutes.pdf')!;
    const tick = within(row).queryByRole('checkbox') ?? within(row).queryByRole('radio');
    if (tick) fireEvent.click(tick);
    fireEvent.click(screen.getByTestId('picker-done'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ id: 1, library_id: 40 });
    await waitFor(() => expect(screen.getByTestId('minutes-download')).toBeEnabled());
    expect(screen.queryByTestId('minutes-upload-error')).toBeNull();
  });

  it('a refusal shows the closable alert titled with the meetings error label', async () => {
    installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState() })),
      listing,
      on('POST', '/api/meetings/1/upload_mom', () => jsonResponse(409, { success: false, message: 'Error in validation', data: { library_id: 'Choose only pdf' } })),
    );
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    fireEvent.click(await screen.findByTestId('minutes-upload'));
    const row = (await screen.findAllByTestId('library-row')).find((r) => r.getAttribute('data-name') === 'Signed minutes.pdf')!;
    fireEvent.click(within(row).queryByRole('checkbox') ?? within(row).getByRole('radio'));
    fireEvent.click(screen.getByTestId('picker-done'));
    const alert = await screen.findByTestId('minutes-upload-error');
    expect(alert).toHaveTextContent('Meetings error: Choose only pdf');
    fireEvent.click(screen.getByTestId('minutes-upload-error-close'));
    expect(screen.queryByTestId('minutes-upload-error')).toBeNull();
  });

  it('not offered without the right to upload', async () => {
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState({ permissions: perms({ upload: false }) }) })));
    renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);
    await screen.findByTestId('minutes-manage');
    expect(screen.queryByTestId('minutes-upload')).toBeNull();
  });

  it.each([
    ['localhost', true],
    ['demo.localhost', true],
    ['test.boardroom.example', true],
    ['acme.boardroom.example', false],
  ])('the control appears on %p: %p', (hostname, shown) => {
    expect(isLocalOrTestHost(hostInfo({ hostname, host: hostname, protocol: 'https:' }))).toBe(shown);
  });
});

describe('board book card', () => {
  it('asks for the book, follows the job, then offers the viewer and the download', async () => {
    const { BookCard } = await import('./BookCard');
    const states = [
      { status: 'queued', progress: 0, library_id: null, agenda_merged_file: null, number_of_files_merged: 0 },
      { status: 'done', progress: 100, library_id: 77, agenda_merged_file: 'http://s3.test/book.pdf', number_of_files_merged: 3 },
    ];
    let n = 0;
    installFetch(on('GET', '/api/meetings/actions/merge_files/1', () => jsonResponse(200, {
      success: true, data: { meeting_id: 1, error: null, outlines_data: { libraryName: 'Board meeting - board book.pdf', entries: [] }, ...states[Math.min(n++, 1)] },
    })));
    renderWithApp(<BookCard meeting={aMeeting()} />);
    fireEvent.click(screen.getByTestId('book-make'));
    const open = await screen.findByTestId('book-open', {}, { timeout: 5000 });
    expect(open.getAttribute('href')).toBe('/doc-view?doc=http%3A%2F%2Fs3.test%2Fbook.pdf&id=77&e=0&meeting_id=1');
    expect(screen.getByTestId('book-files')).toHaveTextContent('3 files merged');
  });
});
