import type { ReportState } from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onNotify, type Notice } from '../../api/notify';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, type FakeResponse } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { ReportButton } from './ReportButton';

const pdfResponse = (): FakeResponse => ({
  ok: true,
  status: 200,
  headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? 'application/pdf' : null) },
  text: async () => '%PDF-1.7',
  blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
});

const state = (over: Partial<ReportState>): ReportState => ({
  id: 7, decision_id: 51, title: 'Hire an auditor', status: 'running', stage: 'initializing', progress: 0, pages: null, file_name: 'Hire_an_auditor.pdf', error: null, ...over,
});

/** the report's states as the server answers them, one per request, the last one repeated */
function serve(states: ReportState[]) {
  let n = 0;
  const saved: string[] = [];
  const calls = installFetch(
    on('POST', '/api/decisions/51/report', () => jsonResponse(200, { success: true, data: states[0] })),
    on('GET', '/api/resolution_reports/7', () => jsonResponse(200, { success: true, data: states[Math.min(++n, states.length - 1)] })),
    on('GET', '/api/resolution_reports/7/download', () => pdfResponse()),
  );
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { calls, saved, restore: () => click.mockRestore() };
}

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('resolution report button', () => {
  it('shows each stage with its percent in the progress bar, then saves the PDF under the title with underscores', async () => {
    const notices: Notice[] = [];
    const off = onNotify((n) => notices.push(n));
    const s = serve([
      state({ status: 'queued', stage: 'initializing', progress: 0 }),
      state({ stage: 'processing attachments', progress: 23.4 }),
      state({ stage: 'preparing content', progress: 50 }),
      state({ stage: 'generating', progress: 75 }),
      state({ stage: 'finalizing', progress: 90 }),
      state({ status: 'done', stage: 'finalizing', progress: 100, pages: 3 }),
    ]);
    renderWithApp(<ReportButton decisionId={51} pollMs={60} />);
    fireEvent.click(screen.getByTestId('report-button'));
    const seen = new Set<string>();
    await waitFor(
      () => {
        const stage = screen.queryByTestId('report-stage');
        const bar = screen.queryByTestId('report-progress-bar');
        if (stage && bar) seen.add(`${stage.textContent} ${bar.textContent}`);
        expect(s.saved).toEqual(['Hire_an_auditor.pdf']);
      },
      { timeout: 5000, interval: 10 },
    );
    expect([...seen]).toEqual(expect.arrayContaining(['Processing attachments 23.4%', 'Generating 75.0%']));
    expect([...seen].some((x) => x.startsWith('Initializing'))).toBe(true);
    // the bar goes once the save has run (the job's state is set after `done` resolves: a render later)
    await waitFor(() => expect(screen.queryByTestId('report-progress')).not.toBeInTheDocument());
    expect(notices.map((n) => n.severity)).toEqual(['success']);
    expect(notices[0].summary).toBe('PDF generated successfully');
    expect(s.calls.filter((c) => c.path === '/api/resolution_reports/7/download')).toHaveLength(1);
    off();
    s.restore();
  });

  it('says with an info toast that a report over 50 pages may take a moment', async () => {
    const notices: Notice[] = [];
    const off = onNotify((n) => notices.push(n));
    const s = serve([state({ status: 'queued' }), state({ status: 'done', stage: 'finalizing', progress: 100, pages: 51 })]);
    renderWithApp(<ReportButton decisionId={51} pollMs={10} />);
    fireEvent.click(screen.getByTestId('report-button'));
    await waitFor(() => expect(s.saved).toHaveLength(1), { timeout: 5000 });
    expect(notices.map((n) => [n.severity, n.summary])).toEqual([
      ['info', 'The report has 51 pages: processing may take a moment'],
      ['success', 'PDF generated successfully'],
    ]);
    off();
    s.restore();
  });

  it('gives no info toast at exactly 50 pages, and an error toast when the job failed', async () => {
    const notices: Notice[] = [];
    const off = onNotify((n) => notices.push(n));
    let s = serve([state({ status: 'queued' }), state({ status: 'done', stage: 'finalizing', progress: 100, pages: 50 })]);
    const view = renderWithApp(<ReportButton decisionId={51} pollMs={10} />);
    fireEvent.click(screen.getByTestId('report-button'));
    await waitFor(() => expect(s.saved).toHaveLength(1), { timeout: 5000 });
    expect(notices.map((n) => n.severity)).toEqual(['success']);
    s.restore();
    view.unmount();

    notices.length = 0;
    s = serve([state({ status: 'queued' }), state({ status: 'failed', stage: 'generating', progress: 60, error: 'boom' })]);
    renderWithApp(<ReportButton decisionId={51} pollMs={10} />);
    await act(async () => void fireEvent.click(screen.getByTestId('report-button')));
    await waitFor(() => expect(notices.map((n) => [n.severity, n.summary])).toEqual([['error', 'The report could not be generated']]), { timeout: 5000 });
    expect(s.saved).toEqual([]);
    off();
    s.restore();
  });
});
