import { Routes, type EvaluationReportState } from '@app/contracts';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notify } from '../../api/notify';
import { useReportJob } from '../../hooks/use-report-job';

/**
 * The results PDF (docs/evaluations.md#the-results-pdf): starts the job (POST /api/evaluations/rounds/{id}/report,
 * in the page's language), shows its stage and percent while it runs (asking again every second), then offers the
 * PDF through the presigned URL the finished state carries (a link: the file comes from the S3 server, not the API).
 */
export function PdfButton(props: { roundId: number; pollMs?: number }) {
  const { t } = useTranslation('evaluations');
  const { report, busy, run } = useReportJob<EvaluationReportState>({
    start: () => api(Routes.startEvaluationReport, { params: { id: props.roundId } }),
    get: (id) => api(Routes.getEvaluationReport, { params: { id } }),
    done: () => notify('success', t('pdf.done')),
    failed: t('pdf.failed'),
    pollMs: props.pollMs,
  });

  const ready = report?.status === 'done' && report.url ? report : null;
  return (
    <span className="report-export" data-testid="eval-pdf">
      <Button type="button" size="small" icon="pi pi-file-pdf" outlined label={t('pdf.export')} onClick={() => void run()} disabled={busy} loading={busy} data-testid="eval-pdf-button" />
      {busy && (
        <span className="report-export__progress" data-testid="eval-pdf-progress">
          <small data-testid="eval-pdf-stage">{t(`pdf.stage.${report!.stage}`)}</small>
          <ProgressBar value={report!.progress} displayValueTemplate={(v: number) => `${v.toFixed(1)}%`} aria-label={t('pdf.progress')} />
        </span>
      )}
      {ready && (
        <a className="p-button p-button-sm p-button-text" href={ready.url!} target="_blank" rel="noopener noreferrer" download={ready.file_name} data-testid="eval-pdf-link">
          <i className="pi pi-download" aria-hidden="true" /> {t('pdf.download', { name: ready.file_name })}
        </a>
      )}
    </span>
  );
}
