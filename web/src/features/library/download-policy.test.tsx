import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { DownloadPolicyView } from '@app/contracts';
import { Providers } from '../../App';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, orgPublic } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { PdfViewer } from '../viewers/PdfViewer';
import type { PdfHandle, PdfOpener } from '../viewers/pdf-engine';
import { usePrintRecord, watermarkTile } from '../viewers/room';
import { DownloadPolicyControl } from './DownloadPolicyControl';

jest.setTimeout(20_000);

const view = (over: Partial<DownloadPolicyView> = {}): DownloadPolicyView => ({ level: 'folder', id: 7, policy: null, effective: 'view_only', inherited_from: 'organization', can_edit: true, ...over });

describe('the download policy control (organization, committee, folder, file)', () => {
  beforeEach(() => session.signIn({ token: 'tok', email: 'admin@example.com' }));
  afterEach(() => session.clear());

  it('shows what applies and where it comes from, and inherit with what it gives', async () => {
    const calls = installFetch(orgPublic(), on('GET', '/api/download-policy', () => jsonResponse(200, { success: true, data: view() })));
    renderWithApp(<DownloadPolicyControl level="folder" id={7} />);
    expect(await screen.findByTestId('download-policy-effective')).toHaveTextContent('Applies: View only (set on the organization)');
    expect(screen.getByTestId('download-policy-select')).toHaveTextContent('Inherit (View only)');
    const get = calls.find((c) => c.url.includes('/api/download-policy'))!;
    expect(new URL(get.url, 'http://x').searchParams.get('level')).toBe('folder');
    expect(new URL(get.url, 'http://x').searchParams.get('id')).toBe('7');
  });

  it('choosing a policy sends PUT /api/download-policy with the level and id, and shows the answer', async () => {
    const calls = installFetch(
      orgPublic(),
      on('GET', '/api/download-policy', () => jsonResponse(200, { success: true, data: view() })),
      on('PUT', '/api/download-policy', () => jsonResponse(200, { success: true, message: 'Download policy saved', data: view({ policy: 'watermarked', effective: 'watermarked', inherited_from: 'folder' }) })),
    );
    renderWithApp(<DownloadPolicyControl level="folder" id={7} />);
    fireEvent.click(await screen.findByTestId('download-policy-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Download with watermark', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ level: 'folder', id: 7, policy: 'watermarked' });
    await waitFor(() => expect(screen.getByTestId('download-policy-effective')).toHaveTextContent('Applies: Download with watermark (set on the folder)'));
  });

  it('inherit sends null; the organization level sends no id', async () => {
    const calls = installFetch(
      orgPublic(),
      on('GET', '/api/download-policy', () => jsonResponse(200, { success: true, data: view({ level: 'organization', id: null, policy: 'download', effective: 'download', inherited_from: 'organization' }) })),
      on('PUT', '/api/download-policy', () => jsonResponse(200, { success: true, message: 'Download policy saved', data: view({ level: 'organization', id: null, policy: null, effective: 'download', inherited_from: null }) })),
    );
    renderWithApp(<DownloadPolicyControl level="organization" id={null} />);
    fireEvent.click(await screen.findByTestId('download-policy-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Inherit', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ level: 'organization', id: null, policy: null });
    await waitFor(() => expect(screen.getByTestId('download-policy-effective')).toHaveTextContent('Applies: Download allowed (the default)'));
  });

  it('read only when the server says the caller may not change it', async () => {
    installFetch(orgPublic(), on('GET', '/api/download-policy', () => jsonResponse(200, { success: true, data: view({ can_edit: false }) })));
    renderWithApp(<DownloadPolicyControl level="folder" id={7} />);
    expect(await screen.findByTestId('download-policy-select')).toHaveClass('p-disabled');
  });
});

function oneDoc(): PdfOpener {
  const handle: PdfHandle = { pages: 1, size: async () => ({ width: 600, height: 800 }), render: async () => undefined, outline: async () => [], destroy: () => undefined };
  return () => Promise.resolve(handle);
}
const mark = { name: 'Mona Member', email: 'mona@example.test', organization: 'Demo Org', time: '2026-11-27 22:31 UTC' };

describe('the viewer and the download policy', () => {
  it('view only: no download button, a notice, and Ctrl+P is held back', async () => {
    render(
      <Providers>
        <PdfViewer url="https://s3.test/a.pdf" name="Budget.pdf" opener={oneDoc()} room={{ canDownload: false, watermark: null }} />
      </Providers>,
    );
    expect(await screen.findByTestId('viewer-view-only')).toHaveTextContent('View only: this document cannot be downloaded or printed.');
    expect(screen.queryByTestId('pdf-download')).toBeNull();
    expect(document.body).toHaveClass('viewer-no-print');
    const e = new KeyboardEvent('keydown', { key: 'p', ctrlKey: true, cancelable: true, bubbles: true });
    act(() => void window.dispatchEvent(e));
    expect(e.defaultPrevented).toBe(true);
  });

  it("watermarked: the reader's name, e-mail, organization and time over the page, and the download goes through the library", async () => {
    const onDownload = jest.fn(async () => undefined);
    render(
      <Providers>
        <PdfViewer url="https://s3.test/a.pdf" name="Budget.pdf" opener={oneDoc()} room={{ canDownload: true, watermark: mark }} onDownload={onDownload} />
      </Providers>,
    );
    const overlay = await screen.findByTestId('pdf-watermark');
    expect(overlay.getAttribute('data-watermark')).toBe('Mona Member · mona@example.test · Demo Org · 2026-11-27 22:31 UTC');
    // the tile drawn over the page (jsdom keeps no data: URL in a style, so the tile is checked as made)
    expect(watermarkTile(mark)).toContain(encodeURIComponent('Mona Member · mona@example.test · Demo Org'));
    expect(screen.getByTestId('viewer-watermarked')).toHaveTextContent('Mona Member');
    expect(document.body).not.toHaveClass('viewer-no-print');
    fireEvent.click(screen.getByTestId('pdf-download'));
    await waitFor(() => expect(onDownload).toHaveBeenCalled());
  });
});

describe('a print goes into the activity log', () => {
  function Printer(props: { record: (() => Promise<unknown>) | null }) {
    usePrintRecord(props.record);
    return null;
  }

  it('the browser printing a downloadable document records it once per print; view only (null) records nothing', async () => {
    const record = jest.fn(() => Promise.resolve(null));
    const { rerender, unmount } = render(<Printer record={record} />);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(record).toHaveBeenCalledTimes(1);
    rerender(<Printer record={null} />);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(record).toHaveBeenCalledTimes(1);
    unmount();
  });
});
