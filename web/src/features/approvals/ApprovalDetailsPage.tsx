import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ProgressBar } from 'primereact/progressbar';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AppPaths, signedName } from '@app/contracts';
import { approvalsApi, type ApprovalDetails, type GuestKey } from '../../api/approvals';
import { notify } from '../../api/notify';
import { UserAvatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { isExpiredLink, LinkExpired } from '../guest/LinkExpired';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi } from '../../hooks/use-api';
import { useModules } from '../../hooks/use-org';
import { saveBlob } from '../../lib/download';
import { ROUTES } from '../../routes';
import { RejectDialog, SignatureDialog, type SignatureChoice } from './SignatureDialog';
import { ApprovalStatusTag, AssigneeStatusTag, waitingFor } from './status';
import { useApprovalsChanged } from './refresh';

type Assignee = ApprovalDetails['assignees'][number];

/** the steps of the signing order: assignees grouped by their order */
function steps(assignees: Assignee[]): { order: number; people: Assignee[] }[] {
  const by = new Map<number, Assignee[]>();
  for (const a of assignees) by.set(a.order, [...(by.get(a.order) ?? []), a]);
  return [...by.entries()].sort((x, y) => x[0] - y[0]).map(([order, people]) => ({ order, people }));
}

function Person(props: { a: Assignee }) {
  const { t } = useTranslation('approvals');
  const name = props.a.user?.name ?? props.a.guest_name ?? props.a.user_email ?? '';
  return (
    <span className="flex align-items-center gap-2">
      <UserAvatar name={name} image={props.a.user?.image ?? null} />
      <span>
        {name}
        {props.a.guest && (
          <>
            {' '}
            <Tag value={t('guest')} severity="secondary" />
            <small className="block">{props.a.user_email}</small>
          </>
        )}
      </span>
    </span>
  );
}

/**
 * An approval's details (docs/approval.md): header (title, sender, dates, status) with a back button, "your
 * decision" (sign or reject when it is the caller's turn, or why not), the signing order, the steps and
 * recipients table, the documents (download when allowed) and the version history. Guests see the same
 * through their token link (`guest`).
 */
export function ApprovalView(props: { id: number; guest?: GuestKey | null }) {
  const { t } = useTranslation('approvals');
  const navigate = useNavigate();
  const details = useApi('approvals/details', [props.id, props.guest?.guestId ?? null], () => approvalsApi.details(props.id, props.guest));
  const saved = useApi(props.guest ? null : 'approvals/signatures', [], () => approvalsApi.signatures());
  const changed = useApprovalsChanged();
  const [signing, setSigning] = useState(false);
  // approval_mode 'new': signing places boxes on the signing page; 'old': a saved signature is picked here
  // (the button waits for the modules: a click before they arrive would take the default, 'old')
  const { modules, loading: modulesLoading } = useModules();
  // the signing page: placing the signature on the pages (both modes), or previewing the document with the boxes
  const openSigningPage = () => {
    if (props.guest) return navigate(signingPath(props.id, props.guest.token));
    navigate(`${signingPath(props.id)}?returnUrl=${encodeURIComponent(AppPaths.approval(props.id))}`);
  };
  const startSigning = () => (modules.approvalMode !== 'new' ? setSigning(true) : openSigningPage());
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  // the stamps and the seal are a job: while it runs, the details are asked again until the signed version exists
  const working = details.data?.processing && details.data.processing.status !== 'failed';
  const { mutate } = details;
  useEffect(() => {
    if (!working) return undefined;
    const timer = setInterval(() => void mutate(), 1500);
    return () => clearInterval(timer);
  }, [working, mutate]);

  // a guest link past its expiry, or whose approval has ended
  if (props.guest && isExpiredLink(details.error)) return <LinkExpired />;
  if (details.error) return <ErrorState error={details.error} onRetry={() => details.mutate()} />;
  if (!details.data) return <Loading />;
  const a = details.data;

  const act = async (run: () => Promise<{ data: ApprovalDetails; message: string | null }>, close: () => void) => {
    setBusy(true);
    try {
      const r = await run();
      notify('success', r.message ?? t('done'));
      close();
      await details.mutate(r.data, { revalidate: false });
      void changed();
    } catch {
      // the request layer has shown the server's message; the dialog stays open
    } finally {
      setBusy(false);
    }
  };
  const sign = (c: SignatureChoice) => act(() => approvalsApi.sign(a.id, c, props.guest), () => setSigning(false));
  const reject = (reason: string) => act(() => approvalsApi.reject(a.id, reason, props.guest), () => setRejecting(false));
  // a stamped document is named after the original with "-signed" (the server's Content-Disposition says the same)
  const download = async (libraryId: number, name: string, status: number) => saveBlob(await approvalsApi.download(a.id, libraryId, props.guest), status >= 2 ? signedName(name) : name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`);
  const waiting = waitingFor(a.assignees);
  // the caller still to sign whose turn has not come waits for the same people as every other waiting signer
  const myWait = a.my_status === 1 && !a.can_sign ? [...waiting.values()][0] : undefined;

  return (
    <div data-testid="approval-details" data-status={a.status}>
      <PageHeader
        title={a.title}
        subtitle={t('header.sent', { name: a.sender.name, date: a.created_at })}
        actions={!props.guest && <Button type="button" icon="pi pi-arrow-left" label={t('back')} text onClick={() => navigate(AppPaths.approvals())} data-testid="approval-back" />}
      />
      {a.processing && (
        <div className="surface-card p-3 mb-3" data-testid="approval-processing" data-stage={a.processing.stage}>
          <p className="m-0 mb-2">{a.processing.status === 'failed' ? t('processing.failed') : t(`processing.${a.processing.stage}`)}</p>
          {a.processing.status !== 'failed' && <ProgressBar value={a.processing.percent} />}
        </div>
      )}
      <div className="grid">
        <div className="col-12 md:col-6">
          <div className="surface-card p-3 h-full">
            <h3>{t('header.title')}</h3>
            <p>{t('header.status')}: <ApprovalStatusTag status={a.status} /></p>
            <p>{t('header.created')}: {a.created_at}</p>
            <p>{t('header.updated')}: {a.updated_at}</p>
          </div>
        </div>
        <div className="col-12 md:col-6">
          <div className="surface-card p-3 h-full" data-testid="approval-decision">
            <h3>{t('decision.title')}</h3>
            {a.my_status ? <p><AssigneeStatusTag status={a.my_status} waitingFor={myWait} /></p> : <p>{t('decision.notAssignee')}</p>}
            {a.note && <p data-testid="approval-note">{a.note}</p>}
            <div className="flex flex-wrap gap-2">
              {a.can_sign && (
                <>
                  <Button type="button" label={t('decision.sign')} icon="pi pi-pen-to-square" onClick={startSigning} disabled={modulesLoading} data-testid="approval-sign" />
                  {!modulesLoading && modules.approvalMode !== 'new' && (
                    <Button type="button" label={t('decision.signOnPage')} icon="pi pi-th-large" outlined onClick={openSigningPage} data-testid="approval-sign-on-page" />
                  )}
                  <Button type="button" label={t('decision.reject')} icon="pi pi-times" severity="danger" outlined onClick={() => setRejecting(true)} data-testid="approval-reject" />
                </>
              )}
              {/* what is signed, with the boxes, before signing (and while waiting for one's turn) */}
              {a.documents.length > 0 && (
                <Button type="button" label={t('decision.preview')} icon="pi pi-eye" text onClick={openSigningPage} data-testid="approval-preview" />
              )}
            </div>
          </div>
        </div>
      </div>

      <div className="surface-card p-3 mt-3">
        <h3>{t('order.title')}</h3>
        <ol className="flex flex-wrap gap-3 list-none p-0" data-testid="approval-order">
          {steps(a.assignees).map((s) => (
            <li key={s.order} className="border-1 surface-border border-round p-2">
              <strong>{t('order.step', { n: s.order })}</strong>
              {s.people.map((p) => (
                <div key={p.id} className="flex align-items-center gap-2 mt-1">
                  <Person a={p} />
                  <AssigneeStatusTag status={p.status} waitingFor={waiting.get(p.id)} />
                </div>
              ))}
            </li>
          ))}
        </ol>
      </div>

      <div className="surface-card p-3 mt-3">
        <h3>{t('recipients.title')}</h3>
        <DataTable value={a.assignees} dataKey="id" pt={{ bodyRow: { 'data-testid': 'approval-recipient' } as never }}>
          <Column header={t('recipients.step')} field="order" />
          <Column header={t('recipients.recipient')} body={(r: Assignee) => <Person a={r} />} />
          <Column header={t('recipients.status')} body={(r: Assignee) => (
            <span>
              <AssigneeStatusTag status={r.status} waitingFor={waiting.get(r.id)} />
              {r.comment && <small className="block">{r.comment}</small>}
            </span>
          )} />
          <Column header={t('recipients.updated')} field="updated_at" />
        </DataTable>
      </div>

      <div className="surface-card p-3 mt-3">
        <h3>{t('documents.title')}</h3>
        {a.documents.length === 0 ? (
          <EmptyState compact title={t('documents.none')} />
        ) : (
          <ul className="list-none p-0">
            {a.documents.map((d) => (
              <li key={d.id} className="flex align-items-center gap-2 mb-2" data-testid="approval-document">
                <i className="pi pi-file-pdf" />
                <span>{d.name}</span>
                <small>v{d.version}</small>
                {a.can_download && <Button type="button" icon="pi pi-download" text label={t('documents.download')} onClick={() => download(d.library_id, d.name, d.status)} data-testid="approval-download" />}
              </li>
            ))}
          </ul>
        )}
        {a.status === 'fully signed' && (
          <Link to={ROUTES.verifySeal} className="inline-flex align-items-center gap-2" data-testid="approval-verify-link">
            <i className="pi pi-shield" aria-hidden="true" /> {t('link', { ns: 'verify' })}
          </Link>
        )}
        <h4>{t('versions.title')}</h4>
        <ul className="list-none p-0" data-testid="approval-versions">
          {a.versions.map((v) => (
            <li key={`${v.library_id}-${v.version}-${v.action}`}>
              v{v.version} · {t(`versions.${v.action}`)} · {v.by} · {v.created_at}
            </li>
          ))}
        </ul>
      </div>

      <SignatureDialog visible={signing} saved={saved.data?.signatures ?? null} busy={busy} onHide={() => setSigning(false)} onSubmit={sign} />
      <RejectDialog visible={rejecting} busy={busy} onHide={() => setRejecting(false)} onSubmit={reject} />
    </div>
  );
}

/** the signing page of a member, or of a guest with their token (routes.ts: signing, guestSigning) */
export function signingPath(id: number, token?: string): string {
  return token ? ROUTES.guestSigning.replace(':unique', String(id)).replace(':token', encodeURIComponent(token)) : ROUTES.signing.replace(':unique', String(id));
}

/** /app/activity/approval/:id */
export function ApprovalDetailsPage() {
  const { id } = useParams();
  const { t } = useTranslation('approvals');
  if (!id || !/^\d+$/.test(id)) return <EmptyState title={t('notFound')} />;
  return <ApprovalView id={Number(id)} />;
}

/** the guest's assignee id is the token's first part (`<id>.<random>`) */
export function guestKeyOf(token: string | null): GuestKey | null {
  const m = token ? /^(\d{1,10})\.[A-Za-z0-9_-]{16,}$/.exec(token) : null;
  return m && token ? { guestId: Number(m[1]), token } : null;
}

/** /approval/:id?token= : the guest's page (header only, no menu) */
export function GuestApprovalPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const { t } = useTranslation('approvals');
  const guest = guestKeyOf(params.get('token'));
  return (
    <div data-testid="guest-approval">
      {!id || !/^\d+$/.test(id) || !guest ? <EmptyState icon="pi pi-link" title={t('guestNoToken')} description={t('guestNoTokenText')} /> : <ApprovalView id={Number(id)} guest={guest} />}
    </div>
  );
}
