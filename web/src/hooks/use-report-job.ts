import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { notify } from '../api/notify';
import { useMessage } from '../i18n';

/** what the state of every PDF job of the minutes service has (ReportState, EvaluationReportState) */
export interface ReportJobState {
  /** a number (the minutes service's reports) or a string (a BullMQ job's id: the annotated export) */
  id: number | string;
  status: 'queued' | 'running' | 'done' | 'failed';
  stage: string;
  progress: number;
}

/** queued or running: the job is not finished */
export const reportWorking = (r: ReportJobState | null): boolean => !!r && (r.status === 'queued' || r.status === 'running');

export interface ReportJobOptions<S extends ReportJobState> {
  /** starts the job (its first state) */
  start: () => Promise<S>;
  /** the job's state now */
  get: (id: S['id']) => Promise<S>;
  /** the job finished with its PDF: what the button does then (a download, a toast); a throw is shown as an error toast */
  done: (r: S) => Promise<void> | void;
  /** the error toast of a failed job (and of a failed request that carries no message) */
  failed: string;
  /** how long to wait before asking again (1 s) */
  pollMs?: number;
  /** say a failure beside the button (`error`) instead of in a toast */
  inline?: boolean;
}

export interface ReportJob<S extends ReportJobState> {
  /** the last state: null before the first start and after a request failed; a finished one stays (its link) */
  report: S | null;
  /** queued or running: the button waits, its stage and percent show */
  busy: boolean;
  /** with `inline`: the last failure's text (a failed job: `failed`; a failed request: the server's message) */
  error: string | null;
  run: () => Promise<void>;
}

/**
 * A PDF made by a job of the minutes service (the resolution report, an evaluation round's results): `run` starts it,
 * asks for its state every second while it is queued or running (`report` carries the stage and percent the button
 * shows), then hands the finished state to `done`; a failed job or request gives an error toast. Nothing is set or
 * said once the component is gone.
 */
export function useReportJob<S extends ReportJobState>(o: ReportJobOptions<S>): ReportJob<S> {
  const m = useMessage();
  const [report, setReport] = useState<S | null>(null);
  const [error, setError] = useState<string | null>(null);
  const say = (text: string) => (o.inline ? setError(text) : notify('error', text));
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const run = async () => {
    setError(null);
    try {
      let r = await o.start();
      setReport(r);
      while (reportWorking(r) && alive.current) {
        await new Promise((done) => setTimeout(done, o.pollMs ?? 1000));
        r = await o.get(r.id);
        if (alive.current) setReport(r);
      }
      if (!alive.current) return;
      if (r.status === 'failed') say(o.failed);
      else await o.done(r);
    } catch (e) {
      if (alive.current) {
        say(o.inline && e instanceof ApiError && e.serverMessage ? e.serverMessage : m(e instanceof Error ? e.message : o.failed));
        setReport(null);
      }
    }
  };

  return { report, busy: reportWorking(report), error, run };
}
