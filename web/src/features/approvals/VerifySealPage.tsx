import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Routes, type SealVerification } from '@app/contracts';
import { api, ApiError } from '../../api/client';
import { formatDateTime } from '../../lib/dates';
import { ROUTES } from '../../routes';
import './verify.css';

const SEVERITY = { valid: 'success', changed_after_sealing: 'warning', not_valid: 'danger' } as const;
const ICON = { valid: 'pi pi-verified', changed_after_sealing: 'pi pi-exclamation-triangle', not_valid: 'pi pi-times-circle' } as const;

/**
 * Verification anyone can use (docs/product/approvals.md#verifying-a-sealed-pdf), no sign-in: choose a PDF, send it
 * to POST /api/approvals/verify, and show the verdict (valid, changed after sealing, not valid) with the
 * organization, the time of the seal and the signers in order, as the server decided them.
 */
export function VerifySealPage() {
  const { t, i18n } = useTranslation('verify');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SealVerification | null>(null);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    setFile(e.target.files?.[0] ?? null);
    setResult(null);
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      setResult(await api(Routes.verifySeal, { form, notify: false, timeoutMs: 120_000 }));
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors.file ?? err.serverMessage ?? err.message) : t('error'));
    } finally {
      setBusy(false);
    }
  };

  const again = () => {
    setFile(null);
    setResult(null);
    setError(null);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="verify-seal" data-testid="verify-seal">
      <h1 className="auth-card__title">{t('title')}</h1>
      <p className="verify-seal__intro">{t('intro')}</p>
      <form onSubmit={submit} className="verify-seal__form">
        <label className="p-button p-button-outlined verify-seal__choose" htmlFor="verify-file">
          <i className="pi pi-file-pdf" aria-hidden="true" />
          <span>{t('choose')}</span>
        </label>
        <input ref={input} id="verify-file" data-testid="verify-file" type="file" accept="application/pdf,.pdf" onChange={choose} className="verify-seal__input" />
        <p className="verify-seal__file" data-testid="verify-file-name">{file ? t('file', { name: file.name }) : t('empty')}</p>
        <Button type="submit" label={t('verify')} icon="pi pi-shield" disabled={!file || busy} loading={busy} className="w-full" data-testid="verify-submit" />
      </form>
      {busy && (
        <div className="verify-seal__busy" role="status" data-testid="verify-loading">
          <ProgressSpinner aria-hidden="true" style={{ width: '2rem', height: '2rem' }} strokeWidth="6" />
          <span>{t('checking')}</span>
        </div>
      )}
      {error && <Message severity="error" text={error} className="w-full verify-seal__error" data-testid="verify-error" />}
      {result && <Verdict result={result} lang={i18n.language} />}
      {result && <Button type="button" link label={t('again')} onClick={again} data-testid="verify-again" />}
      <p className="verify-seal__back">
        <Link to={ROUTES.login}>{t('back')}</Link>
      </p>
    </div>
  );
}

function Verdict({ result: r, lang }: { result: SealVerification; lang: string }) {
  const { t } = useTranslation('verify');
  const detail = r.verdict === 'not_valid' ? t(`reason.${r.reason ?? 'malformed'}`) : t(`verdict.${r.verdict}.detail`, { bytes: r.appended?.bytes ?? 0, revisions: r.appended?.revisions ?? 0 });
  return (
    <section className={`verify-verdict verify-verdict--${r.verdict}`} data-testid="verify-verdict" data-verdict={r.verdict} aria-live="polite">
      <div className="verify-verdict__head">
        <i className={ICON[r.verdict]} aria-hidden="true" />
        <Tag value={t(`verdict.${r.verdict}`)} severity={SEVERITY[r.verdict]} data-testid="verify-verdict-tag" />
      </div>
      <p className="verify-verdict__detail" data-testid="verify-detail">{detail}</p>
      <dl className="verify-verdict__facts">
        {r.organization && (
          <>
            <dt>{t('organization')}</dt>
            <dd data-testid="verify-organization">{r.organization.name}</dd>
          </>
        )}
        {/* a time is shown only from a seal whose signature verifies: a broken or foreign one only claims it */}
        {r.sealed_at && r.seal_intact && (
          <>
            <dt>{t('sealedAt')}</dt>
            <dd data-testid="verify-sealed-at"><bdi>{formatDateTime(r.sealed_at, lang)}</bdi></dd>
          </>
        )}
        {r.approval && (
          <>
            <dt>{t('approval')}</dt>
            <dd><bdi>{r.approval.title}</bdi></dd>
            <dt>{t('document')}</dt>
            <dd><bdi>{r.approval.document}</bdi></dd>
          </>
        )}
      </dl>
      {r.ours && (
        <>
          <h2 className="verify-verdict__signers-title">{t('signers')}</h2>
          {r.signers.length ? (
            <ol className="verify-verdict__signers" data-testid="verify-signers">
              {r.signers.map((s) => (
                <li key={s.order} data-testid="verify-signer">
                  <bdi className="verify-verdict__name">{s.name}</bdi> <span className="verify-verdict__role">({s.guest ? t('guest') : t('member')})</span>
                  <div className="verify-verdict__time">{t('signedAt', { at: formatDateTime(s.signed_at, lang) })}</div>
                </li>
              ))}
            </ol>
          ) : (
            <p>{t('noSigners')}</p>
          )}
        </>
      )}
      {r.certificate && (
        <details className="verify-verdict__cert">
          <summary>{t('certificate')}</summary>
          <div dir="ltr"><bdi>{r.certificate.subject}</bdi></div>
          <div dir="ltr" className="verify-verdict__fp">{t('fingerprint')}: {r.certificate.fingerprint}</div>
        </details>
      )}
    </section>
  );
}
