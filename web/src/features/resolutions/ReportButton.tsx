import { REPORT_LONG_PAGES, Routes, type ReportState } from '@app/contracts';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notify } from '../../api/notify';
import { useReportJob } from '../../hooks/use-report-job';
import { saveBlob } from '../../lib/download';

/**
 * The resolution report (docs/minutes.md#the-resolution-report): starts the export of a resolution with its
 * attachments (POST /api/decisions/{id}/report), shows the job's stage and percent in a progress bar (asking again
 * every second), tells the user with an info toast when the PDF has more than 50 pages, then saves it under the
 * title with underscores (the server's file_name).
 */
export function ReportButton(props: { decisionId: number; pollMs?: number }) {
  const { t } = useTranslation('decisions');
  const { report, busy, run } = useReportJob<ReportState>({
    start: () => api(Routes.startReport, { params: { id: props.decisionId } }),
    get: (id) => api(Routes.getReport, { params: { id } }),
    done: async (r) => {
      if ((r.pages ?? 0) > REPORT_LONG_PAGES) notify('info', t('report.long', { pages: r.pages }));
      saveBlob(await api(Routes.downloadReport, { params: { id: r.id } }), r.file_name);
      notify('success', t('report.done'));
    },
    failed: t('report.failed'),
    pollMs: props.pollMs,
  });

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
