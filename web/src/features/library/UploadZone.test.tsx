import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Providers } from '../../App';
import { ApiError } from '../../api/client';
import { onNotify, type Notice } from '../../api/notify';
import { UploadZone } from './UploadZone';

// the screens render many PrimeReact parts; on a loaded test machine a test can take several seconds
jest.setTimeout(20_000);

const pdf = (name = 'Pack.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** the toasts of each test */
function toasts(): Notice[] {
  const seen: Notice[] = [];
  let off: () => void = () => undefined;
  beforeEach(() => {
    seen.splice(0);
    off = onNotify((n) => seen.push(n));
  });
  afterEach(() => off());
  return seen;
}

function show(props: Partial<Parameters<typeof UploadZone>[0]> & Pick<Parameters<typeof UploadZone>[0], 'upload'>) {
  return render(
    <Providers>
      <UploadZone {...props} />
    </Providers>,
  );
}

describe('upload zone: progress per file, drag-and-drop, failures named', () => {
  const seen = toasts();

  it('shows a progress bar while the file goes up, then Uploaded and the server message', async () => {
    let progress: (p: number) => void = () => undefined;
    let finish: (m: string) => void = () => undefined;
    const upload = jest.fn((_f: File, onProgress: (p: number) => void) => {
      progress = onProgress;
      return new Promise<string | null>((resolve) => (finish = resolve));
    });
    const onUploaded = jest.fn();
    show({ upload, onUploaded });
    fireEvent.change(screen.getByTestId('library-upload-input'), { target: { files: [pdf()] } });
    const item = await screen.findByTestId('upload-item');
    expect(item).toHaveAttribute('data-status', 'uploading');
    act(() => progress(40));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Uploading Pack.pdf' })).toHaveAttribute('aria-valuenow', '40'));
    await act(async () => finish('File uploaded successfully'));
    await waitFor(() => expect(screen.getByTestId('upload-item')).toHaveAttribute('data-status', 'success'));
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(seen).toContainEqual(expect.objectContaining({ severity: 'success', summary: 'File uploaded successfully' }));
  });

  it("a refused file says why with its name, and the toast says 'File upload failed'", async () => {
    const upload = jest.fn(async () => {
      throw new ApiError(415, 'Unsupported Media Type', { serverMessage: 'The file type is not allowed', fieldErrors: { file: 'The file must be a pdf, text, word, excel, powerpoint, audio or email file.' } });
    });
    show({ upload });
    fireEvent.change(screen.getByTestId('library-upload-input'), { target: { files: [new File(['MZ'], 'setup.pdf')] } });
    await waitFor(() => expect(screen.getByTestId('upload-item')).toHaveAttribute('data-status', 'failure'));
    expect(within(screen.getByTestId('upload-item')).getByRole('alert')).toHaveTextContent('The file must be a pdf, text, word, excel, powerpoint, audio or email file.');
    expect(seen).toContainEqual(expect.objectContaining({ severity: 'error', summary: 'File upload failed', detail: 'setup.pdf: The file must be a pdf, text, word, excel, powerpoint, audio or email file.' }));
  });

  it("PDF-only mode refuses another kind before sending it: 'you Must Choose pdf only'", async () => {
    const upload = jest.fn(async () => null);
    show({ upload, pdfOnly: true });
    expect(screen.getByTestId('library-upload-input')).toHaveAttribute('accept', '.pdf,application/pdf');
    fireEvent.change(screen.getByTestId('library-upload-input'), { target: { files: [new File(['x'], 'minutes.docx')] } });
    expect(within(await screen.findByTestId('upload-item')).getByRole('alert')).toHaveTextContent('you Must Choose pdf only');
    expect(upload).not.toHaveBeenCalled();
  });

  it('takes files dropped on it', async () => {
    const upload = jest.fn(async () => null);
    show({ upload });
    const zone = screen.getByTestId('library-upload-drop');
    fireEvent.dragOver(zone, { dataTransfer: { files: [], types: ['Files'] } });
    expect(zone.className).toContain('upload-zone--over');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('a.pdf'), pdf('b.pdf')], types: ['Files'] } });
    await waitFor(() => expect(screen.getAllByTestId('upload-item').map((i) => i.getAttribute('data-status'))).toEqual(['success', 'success']));
    expect(upload.mock.calls.map((c) => (c as unknown as [File])[0].name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it("a restricted folder says 'You cannot upload a new file in this folder' and sends nothing", async () => {
    const upload = jest.fn(async () => null);
    show({ upload, blockedReason: 'You cannot upload a new file in this folder' });
    expect(within(screen.getByTestId('library-upload-drop')).getByRole('alert')).toHaveTextContent('You cannot upload a new file in this folder');
    fireEvent.drop(screen.getByTestId('library-upload-drop'), { dataTransfer: { files: [pdf()], types: ['Files'] } });
    await waitFor(() => expect(seen).toContainEqual(expect.objectContaining({ summary: 'File upload failed', detail: 'You cannot upload a new file in this folder' })));
    expect(upload).not.toHaveBeenCalled();
  });

  it('lists every chosen file at once, sends them one at a time, and each waiting or running one can be cancelled', async () => {
    const finish = new Map<string, (m: string | null) => void>();
    const upload = jest.fn(
      (f: File, _p: (n: number) => void, signal?: AbortSignal) =>
        new Promise<string | null>((resolve, reject) => {
          finish.set(f.name, resolve);
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    show({ upload });
    fireEvent.change(screen.getByTestId('library-upload-input'), { target: { files: [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf')] } });
    const statuses = () => screen.getAllByTestId('upload-item').map((i) => `${i.getAttribute('data-name')}:${i.getAttribute('data-status')}`);
    // the whole batch is on screen from the start, the later files Waiting
    await waitFor(() => expect(statuses()).toEqual(['a.pdf:uploading', 'b.pdf:queued', 'c.pdf:queued', 'd.pdf:queued']));
    expect(within(screen.getAllByTestId('upload-item')[1]).getByText('Waiting')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
    // a waiting file is cancelled before it is sent
    fireEvent.click(within(screen.getAllByTestId('upload-item')[2]).getByRole('button', { name: 'Cancel the upload of c.pdf' }));
    await act(async () => finish.get('a.pdf')!('File uploaded successfully'));
    await waitFor(() => expect(statuses()).toEqual(['a.pdf:success', 'b.pdf:uploading', 'c.pdf:cancelled', 'd.pdf:queued']));
    // the running one is cancelled too: its request is aborted
    fireEvent.click(within(screen.getAllByTestId('upload-item')[1]).getByRole('button', { name: 'Cancel the upload of b.pdf' }));
    await waitFor(() => expect(statuses()).toEqual(['a.pdf:success', 'b.pdf:cancelled', 'c.pdf:cancelled', 'd.pdf:uploading']));
    await act(async () => finish.get('d.pdf')!('File uploaded successfully'));
    await waitFor(() => expect(statuses()).toEqual(['a.pdf:success', 'b.pdf:cancelled', 'c.pdf:cancelled', 'd.pdf:success']));
    expect(upload.mock.calls.map((c) => (c[0] as File).name)).toEqual(['a.pdf', 'b.pdf', 'd.pdf']);
    expect(screen.queryAllByRole('button', { name: /Cancel the upload/ })).toHaveLength(0);
    // one toast for the batch, not one per file
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual(expect.objectContaining({ severity: 'success', summary: '2 files uploaded', detail: '2 uploads cancelled' }));
  });

  it('a batch with failures ends with one error toast naming each failed file', async () => {
    const upload = jest.fn(async (f: File) => {
      if (f.name.startsWith('bad')) throw new ApiError(413, 'Payload Too Large', { serverMessage: 'The file is too large' });
      return 'File uploaded successfully';
    });
    show({ upload, pdfOnly: true });
    fireEvent.change(screen.getByTestId('library-upload-input'), { target: { files: [pdf('bad-1.pdf'), pdf('good.pdf'), new File(['x'], 'notes.docx'), pdf('bad-2.pdf')] } });
    await waitFor(() => expect(seen.filter((n) => n.severity === 'error')).toHaveLength(1));
    expect(seen).toHaveLength(2);
    expect(seen).toContainEqual(expect.objectContaining({ severity: 'success', summary: 'File uploaded successfully' }));
    expect(seen).toContainEqual(expect.objectContaining({ severity: 'error', summary: 'File upload failed', detail: 'notes.docx: you Must Choose pdf only\nbad-1.pdf: The file is too large\nbad-2.pdf: The file is too large' }));
  });
});

