import { Routes, type EmailView, type LibraryFetch } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../api/session';
import { answerOf } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on, type FakeResponse } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { blockRemotePictures } from './email-rules';
import { FileViewerPage } from './FileViewerPage';

// the screens render many PrimeReact parts; on a loaded test machine a test can take several seconds
jest.setTimeout(20_000);

const file: LibraryFetch = {
  id: 7, name: 'offer.eml', size: 2048, kind: 'email', type: 'message/rfc822', can_edit: true, file_url: 'https://s3.test/offer.eml',
  outlines_data: { libraryName: 'offer.eml', entries: [] }, message: null, conversion: { status: 'done', progress: 100 }, text_index: { status: 'done', pages: 1, truncated: false },
  download_policy: 'download', can_download: true, watermark: null,
};
// what the server's sanitizer leaves of a newsletter: remote sources removed, the inline picture kept
const email: EmailView = {
  id: 7, name: 'offer.eml', subject: 'The offer', from: 'Vendor <sales@vendor.test>', to: ['board@example.test'], cc: [], date: '2026-03-04T09:05:00.000Z',
  html: '<p>Dear board</p><img alt="Vendor logo" width="120"><img><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">',
  attachments: [{ name: 'prices.pdf', size: 1536, content_type: 'application/pdf' }],
};
const twoAttachments: EmailView = { ...email, attachments: [...email.attachments, { name: 'notes.txt', size: 10, content_type: 'text/plain' }] };
const bytes = (text: string, type: string): FakeResponse => ({
  ok: true, status: 200, headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? type : null) }, text: async () => text, blob: async () => new Blob([text], { type }),
});

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('e-mail viewer (issue 25: broken pictures with no notice, a raw ISO date)', () => {
  it('says how many remote pictures were blocked, shows their alternative text instead of a broken image, and a formatted date', async () => {
    installFetch(
      on('GET', /\/api\/library\/fetch\/7/, () => jsonResponse(200, answerOf(Routes.fetchLibraryFile, file))),
      on('GET', /\/api\/library\/email\/7$/, () => jsonResponse(200, answerOf(Routes.libraryEmail, email))),
    );
    renderWithApp(<FileViewerPage />, { path: '/viewer/0/7', route: '/viewer/:meetingId/:fileId' });
    expect(await screen.findByTestId('email-remote-blocked')).toHaveTextContent('2 pictures from the internet were blocked to protect your privacy.');
    const body = screen.getByTestId('email-body').getAttribute('srcdoc') ?? '';
    expect(body).toContain('[Vendor logo]');
    expect(body.match(/<img/g)).toHaveLength(1);
    expect(body).toContain('data:image/png;base64');
    // a date as the screens write them (DD MMM YYYY hh:mm A), not the ISO text
    const date = screen.getByTestId('email-date');
    expect(date.textContent).not.toContain('T09:05');
    expect(date.textContent).toMatch(/^\d{2} Mar 2026 \d{2}:\d{2} (AM|PM)$/);
    expect(within(screen.getByTestId('email-attachments')).getByText('1.5 KB')).toBeInTheDocument();
  });

  it('a message without remote pictures has no notice', () => {
    expect(blockRemotePictures('<p>Hi</p><img src="data:image/gif;base64,R0lGOD=">')).toEqual({ html: '<p>Hi</p><img src="data:image/gif;base64,R0lGOD=">', blocked: 0 });
    expect(blockRemotePictures('<img src="https://tracker.test/p.gif"><img src="cid:logo">').blocked).toBe(2);
  });
});

describe('e-mail attachments (issue 25: listed but could not be opened)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a chip downloads its attachment by its place in the list, in the meeting it was opened in, under its name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:attachment');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = installFetch(
      on('GET', /\/api\/library\/fetch\/7/, () => jsonResponse(200, answerOf(Routes.fetchLibraryFile, file))),
      on('GET', /\/api\/library\/email\/7$/, () => jsonResponse(200, answerOf(Routes.libraryEmail, twoAttachments))),
      on('GET', '/api/library/email/7/attachments/1', () => bytes('Some notes', 'text/plain')),
    );
    renderWithApp(<FileViewerPage />, { path: '/viewer/12/7', route: '/viewer/:meetingId/:fileId' });
    const chips = await screen.findAllByTestId('email-attachment');
    expect(chips.map((c) => c.tagName)).toEqual(['BUTTON', 'BUTTON']);
    expect(chips[1]).toHaveAttribute('title', 'Download notes.txt');
    expect(screen.queryByTestId('email-attachments-view-only')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /notes\.txt/ }));
    await waitFor(() => expect(saved).toEqual(['notes.txt']));
    const got = calls.filter((c) => c.path.startsWith('/api/library/email/7/attachments/'));
    expect(got.map((c) => c.url.replace(/^.*\/api\//, '/api/'))).toEqual(['/api/library/email/7/attachments/1?meeting_id=12']);
  });

  it('view only: the chips are no buttons, nothing is requested, and the viewer says why', async () => {
    const calls = installFetch(
      on('GET', /\/api\/library\/fetch\/7/, () => jsonResponse(200, answerOf(Routes.fetchLibraryFile, { ...file, download_policy: 'view_only', can_download: false, file_url: null }))),
      on('GET', /\/api\/library\/email\/7$/, () => jsonResponse(200, answerOf(Routes.libraryEmail, email))),
    );
    renderWithApp(<FileViewerPage />, { path: '/viewer/0/7', route: '/viewer/:meetingId/:fileId' });
    expect(await screen.findByTestId('email-attachments-view-only')).toHaveTextContent('This message is view only: its attachments cannot be downloaded.');
    const chip = screen.getByTestId('email-attachment');
    expect(chip.tagName).toBe('SPAN');
    expect(screen.queryByRole('button', { name: /prices\.pdf/ })).not.toBeInTheDocument();
    fireEvent.click(chip);
    expect(calls.some((c) => c.path.includes('/attachments/'))).toBe(false);
  });
});
