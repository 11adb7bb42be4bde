import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '@app/contracts';
import { libraryApi } from '../../api/library';
import type { PdfOpener } from '../viewers/pdf-engine';
import { canGoBack, canGoForward, stepPage } from '../viewers/pdf-rules';
import { usePdfDocument } from '../viewers/use-pdf-pages';
import { PlacementStage, usePaletteDrag, type StageBox } from './PlacementStage';
import { clearOf, dropBox, initialBox, scaleOf, type Box } from './placement-math';

/** a signer of the create form: a member, a committee (every member of it) or a guest by e-mail */
export interface Signer {
  /** `u:<user id>`, `c:<committee id>` or `g:<e-mail>` (what the created approval's assignees are matched by) */
  key: string;
  label: string;
}

/** a box the sender placed for a signer, in PDF points of the page (top-left origin) */
export interface DraftBox extends Box {
  key: string;
  signer: string;
  libraryId: number;
  page: number;
  pageWidth: number;
  pageHeight: number;
}

const COLOURS = ['#2293FB', '#4636E3', '#0f9d58', '#d97706', '#b42318', '#7b3fb5'];
export const signerColour = (signers: Signer[], key: string) => COLOURS[Math.max(0, signers.findIndex((s) => s.key === key)) % COLOURS.length];

/** the created approval's assignees a signer of the form became (a committee: each of its members) */
export function assigneesOf(signer: string, assignees: { id: number; user_id: number | null; user_email: string | null; committee_id: number | null; guest: boolean }[]): number[] {
  const [kind, ...rest] = signer.split(':');
  const v = rest.join(':');
  if (kind === 'u') return assignees.filter((a) => a.user_id === Number(v)).map((a) => a.id);
  if (kind === 'c') return assignees.filter((a) => a.committee_id === Number(v)).map((a) => a.id);
  return assignees.filter((a) => a.guest && (a.user_email ?? '').toLowerCase() === v.trim().toLowerCase()).map((a) => a.id);
}

let nextKey = 1;

/**
 * The create flow's signature placement step (docs/approval.md#the-create-flow): the sender picks a signer and
 * drags a box onto a page of each document (move and resize it on the page); the boxes are saved for the
 * assignees once the approval exists. Every document needs a box on at least one page once any is placed.
 */
export function PlacementStep(props: { docs: { id: number; name: string }[]; signers: Signer[]; boxes: DraftBox[]; onChange(boxes: DraftBox[]): void; opener?: PdfOpener }) {
  const { t } = useTranslation('signing');
  const [docId, setDocId] = useState<number | null>(props.docs[0]?.id ?? null);
  const [page, setPage] = useState(1);
  const [signer, setSigner] = useState<string | null>(props.signers[0]?.key ?? null);
  const [url, setUrl] = useState<string | null>(null);
  const [urlFailure, setUrlFailure] = useState<string | null>(null);
  const [size, setSize] = useState<PageSize | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [pageEl, setPageEl] = useState<HTMLDivElement | null>(null);
  const doc = props.docs.find((d) => d.id === docId) ?? props.docs[0] ?? null;

  // the chosen document and signer follow the lists when they change
  useEffect(() => {
    if (!props.docs.some((d) => d.id === docId)) {
      setDocId(props.docs[0]?.id ?? null);
      setPage(1);
    }
  }, [props.docs, docId]);
  useEffect(() => {
    if (!props.signers.some((s) => s.key === signer)) setSigner(props.signers[0]?.key ?? null);
  }, [props.signers, signer]);

  // the document through the library (a short-lived URL of its current version), opened by the shared PDF hook
  useEffect(() => {
    setUrl(null);
    setUrlFailure(null);
    if (!doc) return undefined;
    let live = true;
    libraryApi
      .fetchFile(doc.id, {})
      .then((f) => {
        if (!f.file_url) throw new Error(f.message ?? doc.name);
        if (live) setUrl(f.file_url);
      })
      .catch((e: unknown) => {
        console.error('placement pdf', e);
        if (live) setUrlFailure(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, [doc?.id]);
  const { handle, failure } = usePdfDocument({ url, name: doc?.name ?? '', opener: props.opener, label: 'placement pdf' });
  const reason = urlFailure ?? failure;
  const failed = reason === null ? null : t('fetchFailed', { file: doc?.name ?? '', reason });

  useEffect(() => {
    if (!handle) return undefined;
    let live = true;
    setSize(null);
    handle.size(page).then((s) => live && setSize(s), (e: unknown) => console.error('page size', e));
    return () => {
      live = false;
    };
  }, [handle, page]);

  const pages = handle?.pages ?? 0;
  const onPage = props.boxes.filter((b) => doc && b.libraryId === doc.id && b.page === page);
  const labelOf = (key: string) => props.signers.find((s) => s.key === key)?.label ?? '';
  const stageBoxes: StageBox[] = onPage.map((b) => ({ ...b, kind: 'signature', label: labelOf(b.signer), color: signerColour(props.signers, b.signer) }));

  const { boxes, onChange } = props;
  const add = useCallback(
    (at: { x: number; y: number } | null) => {
      if (!doc || !size || !signer) return;
      // added without a drop point (the keyboard), a box lands on the default spot: below any box already there
      const here = boxes.filter((b) => b.libraryId === doc.id && b.page === page);
      const box = at ? dropBox(at.x, at.y, scaleOf(pageEl?.getBoundingClientRect().width || size.width, size.width), size, 0.5) : clearOf(initialBox(size, 0.5), here, size);
      const key = `d${nextKey++}`;
      onChange([...boxes, { key, signer, libraryId: doc.id, page, pageWidth: size.width, pageHeight: size.height, ...box }]);
      setSelected(key);
    },
    [doc, size, signer, page, pageEl, boxes, onChange],
  );
  const palette = usePaletteDrag(pageEl, (_kind, at) => add(at));
  const change = (key: string, box: Box) => onChange(boxes.map((b) => (b.key === key ? { ...b, ...box } : b)));
  const remove = (key: string) => onChange(boxes.filter((b) => b.key !== key));

  if (!props.docs.length || !props.signers.length) return <p className="text-color-secondary" data-testid="placement-step-empty">{t('placementNeeds')}</p>;

  return (
    <div className="flex flex-column gap-2" data-testid="placement-step">
      <div className="placement-palette">
        {props.docs.length > 1 && (
          <Dropdown value={doc?.id} options={props.docs.map((d) => ({ label: d.name, value: d.id }))} onChange={(e) => { setDocId(e.value as number); setPage(1); }} aria-label={t('document')} data-testid="placement-document" />
        )}
        <Dropdown value={signer} options={props.signers.map((s) => ({ label: s.label, value: s.key }))} onChange={(e) => setSigner(e.value as string)} aria-label={t('placementSigner')} placeholder={t('placementSigner')} data-testid="placement-signer" />
        <span
          className="placement-chip"
          role="button"
          tabIndex={0}
          style={{ borderColor: signer ? signerColour(props.signers, signer) : undefined }}
          onPointerDown={palette.start('signature')}
          onKeyDown={palette.press('signature')}
          data-testid="placement-chip-signature"
        >
          <i className="pi pi-pen-to-square" aria-hidden="true" /> {t('placementChip', { name: signer ? labelOf(signer) : '' })}
        </span>
        <span className="signing-head__pages">
          <Button type="button" text icon="pi pi-chevron-left" className="pdf-flip" aria-label={t('previous')} disabled={!canGoBack(page)} onClick={() => setPage(stepPage(page, -1, pages))} data-testid="placement-prev" />
          <span data-testid="placement-page-of">{t('pageOf', { page, pages })}</span>
          <Button type="button" text icon="pi pi-chevron-right" className="pdf-flip" aria-label={t('next')} disabled={!canGoForward(page, pages)} onClick={() => setPage(stepPage(page, 1, pages))} data-testid="placement-next" />
        </span>
      </div>
      <small>
        {t('placementHint')} {t('keysHint')}
      </small>
      {palette.ghost && (
        <div className="placement-ghost" style={{ left: palette.ghost.x, top: palette.ghost.y }}>
          {signer ? labelOf(signer) : ''}
        </div>
      )}
      {failed ? (
        <div className="pdf-banner pdf-banner--error" role="alert">
          {failed}
        </div>
      ) : !handle || !size ? (
        <ProgressBar mode="indeterminate" style={{ height: 6 }} />
      ) : (
        <PlacementStage handle={handle} page={page} size={size} boxes={stageBoxes} selected={selected} onSelect={setSelected} onChange={change} onRemove={remove} stageRef={setPageEl} />
      )}
    </div>
  );
}
