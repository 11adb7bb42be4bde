import { Routes, type LibraryFetch } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import { answerOf } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { useLibraryFile } from './use-library-file';

const converting = (progress: number): LibraryFetch => ({
  id: 5, name: 'minutes.docx', size: 100, kind: 'word', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', can_edit: true,
  file_url: null, outlines_data: { libraryName: 'minutes.docx', entries: [] }, message: null, conversion: { status: 'processing', progress }, text_index: { status: 'pending', pages: 0, truncated: false },
  download_policy: 'download', can_download: true, watermark: null,
});
const done: LibraryFetch = { ...converting(100), file_url: 'https://s3.test/minutes.pdf', conversion: { status: 'done', progress: 100 } };

function Probe() {
  const f = useLibraryFile(5, null, undefined);
  return <div data-testid="state">{f.data ? (f.data.file_url ?? `converting ${f.data.conversion.progress}`) : f.error ? `error ${String(f.error)}` : 'loading'}</div>;
}

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('useLibraryFile: asked again while the office file is converted', () => {
  it('keeps asking when answers repeat the same progress, and stops once the PDF exists', async () => {
    // three equal answers at 10 % (SWR keeps the same data object for them), then the PDF
    const answers = [converting(10), converting(10), converting(10), done];
    let n = 0;
    const calls = installFetch(on('GET', /\/api\/library\/fetch\/5$/, () => jsonResponse(200, answerOf(Routes.fetchLibraryFile, answers[Math.min(n++, answers.length - 1)]))));
    renderWithApp(<Probe />);
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('converting 10'));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('https://s3.test/minutes.pdf'), { timeout: 15_000 });
    const asked = calls.filter((c) => c.path.startsWith('/api/library/fetch/5')).length;
    expect(asked).toBe(4);
    // done: no more asking
    await new Promise((r) => setTimeout(r, 2_000));
    expect(calls.filter((c) => c.path.startsWith('/api/library/fetch/5')).length).toBe(asked);
  }, 30_000);
});
