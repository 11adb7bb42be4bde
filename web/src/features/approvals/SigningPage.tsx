import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { RadioButton } from 'primereact/radiobutton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AppPaths, localDay, signedName } from '@app/contracts';
import { approvalsApi, type DocumentActionBody, type GuestKey, type SigningPageData } from '../../api/approvals';
import { notify } from '../../api/notify';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { useOrgTimeZone } from '../../hooks/use-org';
import { saveBlob } from '../../lib/download';
import { openPdf, type PdfHandle, type PdfOpener } from '../viewers/pdf-engine';
import { canGoBack, canGoForward, loadPercent, stepPage } from '../viewers/pdf-rules';
import { guestKeyOf } from './ApprovalDetailsPage';
import { PlacementStage, usePaletteDrag, type StageBox } from './PlacementStage';
import { dropBox, initialBox, scaleOf, type Box } from './placement-math';
import { useApprovalsChanged } from './refresh';
import { RejectDialog, SignatureDialog, type SignatureChoice } from './SignatureDialog';

type Kind = 'signature' | 'stamp';

/** a box placed on the signing page: which document, which page, where (PDF points, top-left origin) */
export interface PlacedBox extends Box {
  key: string;
  kind: Kind;
  libraryId: number;
  page: number;
}

/** the signature-appearance modal's choices: the lines written beside each signature, where, on which pages */
export interface Appearance {
  showName: boolean;
  showTitle: boolean;
  showDate: boolean;
  showReason: boolean;
  displayOnBottom: boolean;
  applyToAll: boolean;
}
export const DEFAULT_APPEARANCE: Appearance = { showName: true, showTitle: false, showDate: true, showReason: false, displayOnBottom: false, applyToAll: false };

/** what a chosen signature or stamp is: what the sign post sends, and the picture the box shows */
interface Chosen {
  file?: string;
  signature_id?: number;
  image: string;
}

/**
 * `returnUrl` is honoured only as a path of this site ('/app/...'): never another origin (`//host`, `https:`), so
 * a crafted link cannot send a signer elsewhere after they sign.
 */
export function safeReturnUrl(v: string | null): string | null {
  if (!v || !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return null;
  // no control characters (a tab or newline inside a path is never one of ours)
  return [...v].some((c) => c.charCodeAt(0) < 0x20) ? null : v;
}

/** the sign post's placements: every box in points of its page, the signature's appearance on signature boxes */
export function signData(boxes: PlacedBox[], docs: SigningPageData['documents'], appearance: Appearance): DocumentActionBody['sign_data'] {
  return boxes.map((b) => {
    const size = docs.find((d) => d.library_id === b.libraryId)?.pages[b.page - 1] ?? { width: b.px + b.width, height: b.py + b.height };
    return {
      id: b.key, library_id: b.libraryId, pageNum: b.page, type: b.kind,
      px: round(b.px), py: round(b.py), width: round(b.width), height: round(b.height), pageWidth: round(size.width), pageHeight: round(size.height),
      options: b.kind === 'signature' ? appearance : { applyToAll: appearance.applyToAll },
    };
  });
}
const round = (n: number) => Math.round(n * 100) / 100;

/** the documents that still lack a signature box (every document needs one on a page) */
export function unsigned(boxes: PlacedBox[], docs: SigningPageData['documents']): number[] {
  return docs.filter((d) => !boxes.some((b) => b.libraryId === d.library_id && b.kind === 'signature')).map((d) => d.library_id);
}

/** Reject waits while the signer has added a box of their own or chosen a signature or stamp; the sender's boxes (keys `p<id>`) alone do not hold it */
export function rejectHeld(boxes: PlacedBox[], chosen: boolean): boolean {
  return chosen || boxes.some((b) => !b.key.startsWith('p'));
}

let nextKey = 1;
const keyOf = () => `b${nextKey++}`;

/** the stamp's date as the server will write it: the organization's day (sign.processor: serverDate in its zone), not the UTC one */
const today = (zone: string | null) => localDay(new Date(), zone);

/**
 * The signing page (docs/approval.md#the-signing-page): a header with back, page x of y with previous and next,
 * appearance, delete signature, delete stamp, reject, sign, save and download; the document's page with the
 * caller's boxes, dragged from the palette, moved and resized on the page. Save signs (`action: 'sign'`) and goes
 * to `returnUrl` when one is given, else back to the approval.
 */
export function SigningView(props: { id: number; guest: GuestKey | null; opener?: PdfOpener }) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const opener = props.opener ?? openPdf;
  const data = useApi('approvals/signing', [props.id, props.guest?.guestId ?? null], () => approvalsApi.signingPage(props.id, props.guest), { revalidateOnFocus: false });
  const changed = useApprovalsChanged();
  const zone = useOrgTimeZone();
  const [docIndex, setDocIndex] = useState(0);
  const [page, setPage] = useState(1);
  const [handle, setHandle] = useState<PdfHandle | null>(null);
  const [percent, setPercent] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [boxes, setBoxes] = useState<PlacedBox[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [signature, setSignature] = useState<Chosen | null>(null);
  const [stamp, setStamp] = useState<Chosen | null>(null);
  const [comment, setComment] = useState<string | undefined>(undefined);
  const [appearance, setAppearance] = useState<Appearance>(DEFAULT_APPEARANCE);
  const [reason, setReason] = useState('');
  const [choosing, setChoosing] = useState<Kind | null>(null);
  const [appearanceOpen, setAppearanceOpen] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pageEl, setPageEl] = useState<HTMLDivElement | null>(null);

  const d = data.data;
  const doc = d?.documents[docIndex] ?? null;
  const pages = doc?.pages.length ?? 0;
  const size = doc?.pages[page - 1] ?? null;

  // the boxes placed for the caller before (by the sender, or a saved draft) are where they start
  useEffect(() => {
    if (!d || boxes !== null) return;
    const mine = d.placements.filter((p) => !d.me || p.assignee_id === d.me.assignee_id);
    setBoxes(mine.map((p) => ({ key: `p${p.id}`, kind: p.type, libraryId: p.library_id, page: p.pageNum, px: p.px, py: p.py, width: p.width, height: p.height })));
  }, [d, boxes]);

  // open the current document (its latest version); another document opens on its first page
  useEffect(() => {
    if (!doc?.url) return undefined;
    let live = true;
    let opened: PdfHandle | null = null;
    setHandle(null);
    setLoadError(null);
    setPercent(0);
    opener({ url: doc.url, onProgress: (l, total) => live && setPercent(loadPercent(l, total)) })
      .then((h) => {
        opened = h;
        if (!live) return h.destroy();
        setPercent(100);
        setHandle(h);
      })
      .catch((e: unknown) => {
        console.error('pdf open', e);
        if (live) setLoadError(t('fetchFailed', { file: doc.name, reason: e instanceof Error ? e.message : String(e) }));
      });
    return () => {
      live = false;
      opened?.destroy();
    };
    // the URL decides what to open (a new version has a new one)
  }, [doc?.url, opener]);

  const all = boxes ?? [];
  const onPage = all.filter((b) => doc && b.libraryId === doc.library_id && b.page === page);
  // reject is held back only by what the signer did here (a box they added, a signature or stamp they chose):
  // the boxes the sender placed for them (keys `p<id>`) do not hold it back
  const placedAny = rejectHeld(all, !!signature || !!stamp);
  const canSign = !!d?.can_sign;
  const missing = d ? unsigned(all, d.documents) : [];
  const needsStamp = all.some((b) => b.kind === 'stamp') && !stamp;
  const ready = canSign && !!signature && missing.length === 0 && !needsStamp && !busy;

  const imageOf = (kind: Kind) => (kind === 'signature' ? signature?.image : stamp?.image) ?? null;
  const lines = useMemo(() => {
    if (!d?.me) return [];
    return [appearance.showName ? d.me.name : null, appearance.showTitle ? d.me.title : null, appearance.showDate ? today(zone) : null, appearance.showReason && reason.trim() ? reason.trim() : null].filter((l): l is string => !!l);
  }, [d?.me, appearance, reason, zone]);
  const stageBoxes: StageBox[] = onPage.map((b) => ({
    ...b,
    label: b.kind === 'signature' ? t('signatureBox') : t('stampBox'),
    image: imageOf(b.kind),
    lines: b.kind === 'signature' ? lines : undefined,
    linesBelow: appearance.displayOnBottom,
  }));

  const add = useCallback(
    (kind: Kind, at: { x: number; y: number } | null) => {
      if (!doc || !size) return;
      const img = kind === 'signature' ? signature : stamp;
      const aspect = 0.5;
      const box = at ? dropBox(at.x, at.y, scaleOf(pageEl?.getBoundingClientRect().width || size.width, size.width), size, aspect) : initialBox(size, aspect);
      const key = keyOf();
      setBoxes((list) => [...(list ?? []), { key, kind, libraryId: doc.library_id, page, ...box }]);
      setSelected(key);
      // a box needs its picture: the signature (or stamp) is asked for when none is chosen yet
      if (!img) setChoosing(kind);
    },
    [doc, size, page, signature, stamp, pageEl],
  );
  const palette = usePaletteDrag(pageEl, (kind, at) => add(kind as Kind, at));

  const change = useCallback((key: string, box: Box) => setBoxes((list) => (list ?? []).map((b) => (b.key === key ? { ...b, ...box } : b))), []);
  const remove = (key: string) => {
    setBoxes((list) => (list ?? []).filter((b) => b.key !== key));
    if (selected === key) setSelected(null);
  };
  /** the selected box of that kind, or else every box of that kind on this page */
  const removeKind = (kind: Kind) => {
    const sel = onPage.find((b) => b.key === selected && b.kind === kind);
    const drop = new Set((sel ? [sel] : onPage.filter((b) => b.kind === kind)).map((b) => b.key));
    setBoxes((list) => (list ?? []).filter((b) => !drop.has(b.key)));
    setSelected(null);
  };

  const chosen = (kind: Kind, c: SignatureChoice) => {
    const image = c.file ?? d?.signatures.find((s) => s.id === c.signature_id)?.payload ?? null;
    if (!image) return;
    const pick: Chosen = { file: c.file, signature_id: c.signature_id, image };
    if (kind === 'signature') {
      setSignature(pick);
      if (c.comment) setComment(c.comment);
      // the Sign button places the signature on this page when the document has none yet
      if (doc && size && !all.some((b) => b.kind === 'signature' && b.libraryId === doc.library_id)) {
        const key = keyOf();
        setBoxes((list) => [...(list ?? []), { key, kind: 'signature', libraryId: doc.library_id, page, ...initialBox(size, 0.5) }]);
        setSelected(key);
      }
    } else setStamp(pick);
    setChoosing(null);
  };

  const back = () => navigate(props.guest ? AppPaths.guestApproval(props.id, props.guest.token) : AppPaths.approval(props.id));

  const save = async () => {
    if (!d || !signature) return;
    setBusy(true);
    try {
      const r = await approvalsApi.documentAction(
        props.id,
        {
          id: props.id, action: 'sign', reason: reason.trim() || undefined, comment, has_returnurl: !!returnUrl,
          file: signature.file, signature_id: signature.signature_id, stamp_file: stamp?.file, stamp_id: stamp?.signature_id,
          sign_data: signData(all, d.documents, appearance),
        },
        props.guest,
      );
      notify('success', r.message ?? t('signed'));
      await data.mutate(r.data, { revalidate: false });
      void changed();
      // after saving: the returnUrl when the link has one, otherwise back to the approval
      if (returnUrl) navigate(returnUrl);
      else back();
    } catch {
      // the request layer has shown the server's message; the page stays as it is
    } finally {
      setBusy(false);
    }
  };

  const reject = async (text: string) => {
    setBusy(true);
    try {
      const r = await approvalsApi.reject(props.id, text, props.guest);
      notify('success', r.message ?? t('rejected'));
      setRejecting(false);
      void changed();
      back();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!doc) return;
    saveBlob(await approvalsApi.download(props.id, doc.library_id, props.guest), doc.status >= 2 ? signedName(doc.name) : doc.name.toLowerCase().endsWith('.pdf') ? doc.name : `${doc.name}.pdf`);
  };

  if (data.error) return <ErrorState error={data.error} onRetry={() => data.mutate()} />;
  if (!d) return <Loading />;
  const go = (n: number) => {
    setPage(n);
    setSelected(null);
  };

  return (
    <div className="signing-page" data-testid="signing-page" data-boxes={all.length} data-ready={ready ? 'true' : 'false'}>
      <div className="signing-head" role="toolbar" aria-label={d.title}>
        <Button type="button" icon="pi pi-arrow-left" text label={t('back')} aria-label={t('back')} className="signing-head__tool" onClick={back} data-testid="signing-back" />
        <h1 className="signing-head__title">{d.title}</h1>
        {d.documents.length > 1 && (
          <Dropdown
            value={docIndex}
            options={d.documents.map((x, i) => ({ label: x.name, value: i }))}
            onChange={(e) => {
              setDocIndex(e.value as number);
              go(1);
            }}
            aria-label={t('document')}
            data-testid="signing-document"
          />
        )}
        <span className="signing-head__pages">
          <Button type="button" text icon="pi pi-chevron-left" className="pdf-flip" aria-label={t('previous')} disabled={!canGoBack(page)} onClick={() => go(stepPage(page, -1, pages))} data-testid="signing-prev" />
          <span data-testid="signing-page-of">{t('pageOf', { page, pages })}</span>
          <Button type="button" text icon="pi pi-chevron-right" className="pdf-flip" aria-label={t('next')} disabled={!canGoForward(page, pages)} onClick={() => go(stepPage(page, 1, pages))} data-testid="signing-next" />
        </span>
        {canSign && (
          <>
            <Button type="button" outlined icon="pi pi-sliders-h" label={t('appearance')} aria-label={t('appearance')} className="signing-head__tool" onClick={() => setAppearanceOpen(true)} data-testid="signing-appearance" />
            <Button type="button" text severity="danger" icon="pi pi-eraser" label={t('deleteSignature')} aria-label={t('deleteSignature')} className="signing-head__tool" disabled={!onPage.some((b) => b.kind === 'signature')} onClick={() => removeKind('signature')} data-testid="signing-delete-signature" />
            <Button type="button" text severity="danger" icon="pi pi-eraser" label={t('deleteStamp')} aria-label={t('deleteStamp')} className="signing-head__tool" disabled={!onPage.some((b) => b.kind === 'stamp')} onClick={() => removeKind('stamp')} data-testid="signing-delete-stamp" />
            <Button type="button" outlined severity="danger" icon="pi pi-times" label={t('reject')} aria-label={t('reject')} className="signing-head__tool" disabled={placedAny || busy} title={placedAny ? t('rejectDisabled') : undefined} onClick={() => setRejecting(true)} data-testid="signing-reject" />
            <Button type="button" outlined icon="pi pi-pen-to-square" label={t('sign')} onClick={() => setChoosing('signature')} data-testid="signing-sign" />
            <Button type="button" icon="pi pi-save" label={t('save')} loading={busy} disabled={!ready} onClick={() => void save()} data-testid="signing-save" />
          </>
        )}
        {d.can_download && <Button type="button" text icon="pi pi-download" label={t('download')} aria-label={t('download')} className="signing-head__tool" onClick={() => void download()} data-testid="signing-download" />}
      </div>

      {d.note && (
        <div className="pdf-banner" role="status" data-testid="signing-note">
          {d.note}
        </div>
      )}
      {canSign && (
        <div className="placement-palette" data-testid="signing-palette">
          <span>{t('dragHint')}</span>
          <span className="placement-chip" role="button" tabIndex={0} onPointerDown={palette.start('signature')} onKeyDown={palette.press('signature')} data-testid="placement-chip-signature">
            <i className="pi pi-pen-to-square" aria-hidden="true" /> {t('signatureBox')}
          </span>
          <span className="placement-chip placement-chip--stamp" role="button" tabIndex={0} onPointerDown={palette.start('stamp')} onKeyDown={palette.press('stamp')} data-testid="placement-chip-stamp">
            <i className="pi pi-verified" aria-hidden="true" /> {t('stampBox')}
          </span>
          <small className="muted" id="signing-keys-hint" data-testid="signing-keys-hint">{t('keysHint')}</small>
          {missing.length > 0 && <small className="p-error" data-testid="signing-missing">{t('missing', { names: d.documents.filter((x) => missing.includes(x.library_id)).map((x) => x.name).join(', ') })}</small>}
        </div>
      )}
      {palette.ghost && (
        <div className="placement-ghost" style={{ left: palette.ghost.x, top: palette.ghost.y }}>
          {palette.ghost.kind === 'stamp' ? t('stampBox') : t('signatureBox')}
        </div>
      )}

      {loadError ? (
        <div className="pdf-banner pdf-banner--error" role="alert" data-testid="signing-load-error">
          {loadError}
        </div>
      ) : !handle || !size ? (
        <div className="pdf-progress" data-testid="signing-progress">
          <ProgressBar value={percent} aria-label={t('loading')} />
        </div>
      ) : (
        <PlacementStage handle={handle} page={page} size={size} boxes={stageBoxes} selected={selected} onSelect={setSelected} onChange={change} onRemove={canSign ? remove : undefined} stageRef={setPageEl} />
      )}

      <SignatureDialog
        visible={choosing !== null}
        saved={d.signatures}
        busy={false}
        header={choosing === 'stamp' ? t('chooseStamp') : t('chooseSignature')}
        submitLabel={t('use')}
        noComment={choosing === 'stamp'}
        onHide={() => setChoosing(null)}
        onSubmit={(c) => choosing && chosen(choosing, c)}
      />
      <RejectDialog visible={rejecting} busy={busy} onHide={() => setRejecting(false)} onSubmit={(r) => void reject(r)} />
      <AppearanceDialog visible={appearanceOpen} value={appearance} reason={reason} onHide={() => setAppearanceOpen(false)} onApply={(a, r) => { setAppearance(a); setReason(r); setAppearanceOpen(false); }} />
    </div>
  );
}

/** The signature-appearance modal: name, title, date and reason beside the signature, to its right or below it, on every page. */
export function AppearanceDialog(props: { visible: boolean; value: Appearance; reason: string; onHide(): void; onApply(a: Appearance, reason: string): void }) {
  const { t } = useTranslation('signing');
  const [a, setA] = useState(props.value);
  const [reason, setReason] = useState(props.reason);
  useEffect(() => {
    if (props.visible) {
      setA(props.value);
      setReason(props.reason);
    }
  }, [props.visible, props.value, props.reason]);
  const flag = (k: keyof Appearance, label: string) => (
    <div className="flex align-items-center gap-2 mb-2">
      <Checkbox inputId={`appearance-${k}`} checked={a[k]} onChange={(e) => setA({ ...a, [k]: !!e.checked })} data-testid={`appearance-${k}`} />
      <label htmlFor={`appearance-${k}`}>{label}</label>
    </div>
  );
  return (
    <Dialog header={t('appearanceTitle')} visible={props.visible} onHide={props.onHide} style={{ width: 'min(440px, 96vw)' }} data-testid="appearance-dialog">
      {flag('showName', t('showName'))}
      {flag('showTitle', t('showTitle'))}
      {flag('showDate', t('showDate'))}
      {flag('showReason', t('showReason'))}
      {a.showReason && (
        <InputText value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('reason')} aria-label={t('reason')} className="w-full mb-2" maxLength={500} data-testid="appearance-reason" />
      )}
      <div className="flex align-items-center gap-3 mb-2" role="radiogroup" aria-label={t('position')}>
        <span>{t('position')}</span>
        <span className="flex align-items-center gap-1">
          <RadioButton inputId="appearance-right" name="appearance-position" checked={!a.displayOnBottom} onChange={() => setA({ ...a, displayOnBottom: false })} />
          <label htmlFor="appearance-right">{t('right')}</label>
        </span>
        <span className="flex align-items-center gap-1">
          <RadioButton inputId="appearance-bottom" name="appearance-position" checked={a.displayOnBottom} onChange={() => setA({ ...a, displayOnBottom: true })} data-testid="appearance-bottom" />
          <label htmlFor="appearance-bottom">{t('bottom')}</label>
        </span>
      </div>
      {flag('applyToAll', t('applyToAll'))}
      <div className="flex justify-content-end gap-2 mt-3">
        <Button type="button" text label={t('cancel')} onClick={props.onHide} />
        <Button type="button" label={t('apply')} onClick={() => props.onApply(a, reason)} data-testid="appearance-apply" />
      </div>
    </Dialog>
  );
}

/** /app/activity/approval/:unique/sign (members) and /approval/:unique/:token (guests, header only) */
export function SigningPage() {
  const { unique, token } = useParams();
  const { t } = useTranslation('signing');
  const guest = token ? guestKeyOf(token) : null;
  if (!unique || !/^\d{1,10}$/.test(unique) || (token !== undefined && !guest)) return <EmptyState icon="pi pi-link" title={t('badLink')} />;
  return <SigningView id={Number(unique)} guest={guest} />;
}
