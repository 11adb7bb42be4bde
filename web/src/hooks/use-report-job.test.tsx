import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { onNotify, type Notice } from '../api/notify';
import { renderWithApp } from '../test/render';
import { useReportJob, type ReportJobState } from './use-report-job';

type State = ReportJobState & { url: string | null };
const state = (o: Partial<State>): State => ({ id: 9, status: 'queued', stage: 'initializing', progress: 0, url: null, ...o });

/** the job's answers in order (start first, the last one repeated), and what the hook asked and handed on */
function job(answers: Array<State | Error>) {
  const asked: string[] = [];
  const finished: State[] = [];
  let n = 0;
  const next = async (what: string) => {
    asked.push(what);
    const a = answers[Math.min(n++, answers.length - 1)];
    if (a instanceof Error) throw a;
    return a;
  };
  function Probe() {
    const j = useReportJob<State>({
      start: () => next('start'),
      get: (id) => next(`get ${id}`),
      done: (r) => void finished.push(r),
      failed: 'The PDF could not be made.',
      pollMs: 5,
    });
    return (
      <div>
        <button type="button" onClick={() => void j.run()} disabled={j.busy} data-testid="run">run</button>
        {j.busy && <span data-testid="progress">{`${j.report!.stage} ${j.report!.progress}`}</span>}
        {j.report?.status === 'done' && j.report.url && <a href={j.report.url} data-testid="link">PDF</a>}
        <span data-testid="status">{j.report?.status ?? 'none'}</span>
      </div>
    );
  }
  return { Probe, asked, finished };
}

describe('useReportJob: a PDF job started, asked about, finished', () => {
  let notices: Notice[];
  let off: () => void;
  beforeEach(() => {
    notices = [];
    off = onNotify((x) => notices.push(x));
  });
  afterEach(() => off());

  it('starts once, shows each stage and percent while busy, then hands the done state (its link) on', async () => {
    const j = job([
      state({}),
      state({ status: 'running', stage: 'generating', progress: 42.5 }),
      state({ status: 'running', stage: 'finalizing', progress: 90 }),
      state({ status: 'done', stage: 'finalizing', progress: 100, url: 'http://s3.test/r.pdf' }),
    ]);
    renderWithApp(<j.Probe />);
    expect(screen.getByTestId('status')).toHaveTextContent('none');
    fireEvent.click(screen.getByTestId('run'));
    const seen = new Set<string>();
    await waitFor(
      () => {
        const p = screen.queryByTestId('progress');
        if (p) seen.add(p.textContent!);
        expect(screen.getByTestId('link')).toHaveAttribute('href', 'http://s3.test/r.pdf');
      },
      { timeout: 5000, interval: 1 },
    );
    expect(seen).toContain('initializing 0');
    expect(seen).toContain('generating 42.5');
    expect(screen.getByTestId('run')).toBeEnabled();
    expect(screen.queryByTestId('progress')).toBeNull();
    expect(j.asked).toEqual(['start', 'get 9', 'get 9', 'get 9']);
    expect(j.finished.map((r) => [r.status, r.url])).toEqual([['done', 'http://s3.test/r.pdf']]);
    expect(notices).toEqual([]);
  });

  it('a job that failed: the error toast, no done, no link, the button works again', async () => {
    const j = job([state({ status: 'running' }), state({ status: 'failed', stage: 'generating', progress: 60 })]);
    renderWithApp(<j.Probe />);
    await act(async () => void fireEvent.click(screen.getByTestId('run')));
    await waitFor(() => expect(notices.map((x) => [x.severity, x.summary])).toEqual([['error', 'The PDF could not be made.']]), { timeout: 5000 });
    expect(j.finished).toEqual([]);
    expect(screen.queryByTestId('link')).toBeNull();
    expect(screen.getByTestId('status')).toHaveTextContent('failed');
    expect(screen.getByTestId('run')).toBeEnabled();
  });

  it('a request that failed: its message as the error toast, the state dropped, the button works again', async () => {
    const j = job([state({ status: 'running', progress: 12 }), new Error('Report not found')]);
    renderWithApp(<j.Probe />);
    await act(async () => void fireEvent.click(screen.getByTestId('run')));
    await waitFor(() => expect(notices.map((x) => [x.severity, x.summary])).toEqual([['error', 'Report not found']]), { timeout: 5000 });
    expect(j.finished).toEqual([]);
    expect(screen.getByTestId('status')).toHaveTextContent('none');
    expect(screen.getByTestId('run')).toBeEnabled();
  });

  it('asks nothing more once the component is gone', async () => {
    const j = job([state({ status: 'running' })]);
    const view = renderWithApp(<j.Probe />);
    await act(async () => void fireEvent.click(screen.getByTestId('run')));
    await waitFor(() => expect(j.asked.length).toBeGreaterThanOrEqual(2));
    view.unmount();
    const count = j.asked.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(j.asked.length).toBeLessThanOrEqual(count + 1);
    expect(notices).toEqual([]);
  });
});
