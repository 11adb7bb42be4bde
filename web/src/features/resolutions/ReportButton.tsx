import { REPORT_LONG_PAGES, Routes, type ReportState } from '@app/contracts';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notify } from '../../api/notify';
import { useMessage } from '../../i18n';
import { saveBlob } from '../../lib/download';

const working = (r: ReportState | null) => !!r && (r.status === 'queued' || r.status === 'running');

/**
 * The resolution report (docs/minutes.md#the-resolution-report): starts the export of a resolution with its
 * attachments (POST /api/decisions/{id}/report), shows the job's stage and percent in a progress bar (asking again
 * every second), tells the user with an info toast when the PDF has more than 50 pages, then saves it under the
 * title with underscores (the server's file_name).
 */
export function ReportButton(props: { decisionId: number; pollMs?: number }) {
  const { t } = useTranslation('decisions');
  const m = useMessage();
  const [report, setReport] = useState<ReportState | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const run = async () => {
    try {
      let r = await api(Routes.startReport, { params: { id: props.decisionId } });
      setReport(r);
      while (working(r) && alive.current) {
        await new Promise((done) => setTimeout(done, props.pollMs ?? 1000));
        r = await api(Routes.getReport, { params: { id: r.id } });
        if (alive.current) setReport(r);
      }
      if (!alive.current) return;
      if (r.status === 'failed') {
        notify('error', t('report.failed'));
        return;
      }
      if ((r.pages ?? 0) > REPORT_LONG_PAGES) notify('info', t('report.long', { pages: r.pages }));
      saveBlob(await api(Routes.downloadReport, { params: { id: r.id } }), r.file_name);
      notify('success', t('report.done'));
    } catch (e) {
      if (alive.current) notify('error', m(e instanceof Error ? e.message : t('report.failed')));
    } finally {
      if (alive.current) setReport((cur) => (cur && working(cur) ? null : cur));
    }
  };

  const busy = working(report);
  return (
    <span className="report-export" data-testid="report-export">
      <Button type="button" icon="pi pi-file-pdf" outlined label={t('report.export')} onClick={() => void run()} disabled={busy} loading={busy} data-testid="report-button" />
      {busy && (
        <span className="report-export__progress" data-testid="report-progress">
          <small data-testid="report-stage">{t(`report.stage.${report!.stage}`)}</small>
          <ProgressBar value={report!.progress} displayValueTemplate={(v: number) => `${v.toFixed(1)}%`} data-testid="report-progress-bar" />
        </span>
      )}
    </span>
  );
}
