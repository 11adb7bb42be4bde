import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AppPaths } from '@app/contracts';
import { approvalsApi } from '../../api/approvals';
import { ApiError } from '../../api/client';
import type { LibraryItem } from '../../api/library';
import { notify } from '../../api/notify';
import { Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { LibraryPicker } from '../library/LibraryPicker';
import { assigneesOf, PlacementStep, type DraftBox, type Signer } from './PlacementStep';
import { useCommitteeOptions, useUserOptions } from '../organization/pickers';

type Step =
  | { key: number; kind: 'member'; user_id: number | null; order: number; can_edit: boolean }
  | { key: number; kind: 'committee'; committee_id: number | null; order: number }
  | { key: number; kind: 'guest'; email: string; guest_name: string; order: number };

let nextKey = 1;

/** the (signer, document) pairs without a box: every signer needs a signature box on every document */
export function missingBoxes(signers: Signer[], docs: { id: number; name: string }[], boxes: Pick<DraftBox, 'signer' | 'libraryId'>[]): { signer: string; document: string }[] {
  return signers.flatMap((s) => docs.filter((d) => !boxes.some((b) => b.signer === s.key && b.libraryId === d.id)).map((d) => ({ signer: s.label, document: d.name })));
}

/**
 * Creating an approval (docs/approval.md): a title, PDF documents from the library ('Choose only pdf' in the
 * picker), and the signers with their order: members, committees (every member of it) and guests by e-mail.
 * `?mtg=` ties it to a meeting. The signature placement step lets the sender drag each signer's boxes onto the pages.
 */
export function ApprovalCreatePage() {
  const { t } = useTranslation('approvals');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const meetingId = /^\d+$/.test(params.get('mtg') ?? '') ? Number(params.get('mtg')) : undefined;
  const users = useUserOptions();
  const committees = useCommitteeOptions();
  const [title, setTitle] = useState('');
  const [docs, setDocs] = useState<LibraryItem[]>([]);
  const [picking, setPicking] = useState(false);
  const [steps, setSteps] = useState<Step[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [boxes, setBoxes] = useState<DraftBox[]>([]);
  const { t: ts } = useTranslation('signing');
  // the signers the placement step places boxes for (steps still without a person are left out)
  const signers: Signer[] = steps.flatMap((s): Signer[] => {
    if (s.kind === 'member') return s.user_id ? [{ key: `u:${s.user_id}`, label: users.data?.find((u) => u.id === s.user_id)?.name ?? `#${s.user_id}` }] : [];
    if (s.kind === 'committee') return s.committee_id ? [{ key: `c:${s.committee_id}`, label: committees.data?.find((c) => c.id === s.committee_id)?.name ?? `#${s.committee_id}` }] : [];
    return s.email.trim() ? [{ key: `g:${s.email.trim().toLowerCase()}`, label: s.guest_name.trim() || s.email.trim() }] : [];
  });
  const placed = boxes.filter((b) => docs.some((d) => d.id === b.libraryId) && signers.some((x) => x.key === b.signer));
  // every signer signs every document: each needs a box on each (the product requires a signature on every document)
  const unplaced = missingBoxes(signers, docs, placed);

  // an error goes once its field is changed (no stale "field is required"), and only that field's: a name stands for
  // itself and what is under it ('assignees.1' for 'assignees.1.email'); '=assignees' for the list's own error only
  const clear = (...names: string[]) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !names.some((p) => (p.startsWith('=') ? k === p.slice(1) : k === p || k.startsWith(`${p}.`))))));
  const changeBoxes = (b: DraftBox[]) => {
    setBoxes(b);
    clear('sign_data');
  };

  const add = (kind: Step['kind']) => {
    const order = steps.length + 1;
    const key = nextKey++;
    clear('=assignees', 'sign_data');
    setSteps([...steps, kind === 'member' ? { key, kind, user_id: null, order, can_edit: false } : kind === 'committee' ? { key, kind, committee_id: null, order } : { key, kind, email: '', guest_name: '', order }]);
  };
  const patch = (key: number, p: Partial<Step>) => {
    const i = steps.findIndex((s) => s.key === key);
    clear('=assignees', `assignees.${i}`, 'sign_data');
    setSteps(steps.map((s) => (s.key === key ? ({ ...s, ...p } as Step) : s)));
  };

  const submit = async () => {
    setErrors({});
    const assignees = steps.map((s) =>
      s.kind === 'member' ? { user_id: s.user_id ?? 0, order: s.order, can_edit: s.can_edit } : s.kind === 'committee' ? { committee_id: s.committee_id ?? 0, order: s.order } : { email: s.email.trim(), guest_name: s.guest_name.trim(), order: s.order },
    );
    if (unplaced.length) {
      setErrors({ sign_data: ts('placementForEverySigner', { names: unplaced.map((m) => (docs.length > 1 ? `${m.signer} (${m.document})` : m.signer)).join(', ') }) });
      return;
    }
    setBusy(true);
    try {
      const r = await approvalsApi.create({ title, documents: docs.map((d) => d.id), assignees, meeting_id: meetingId });
      notify('success', r.message ?? t('created'));
      // the boxes placed for each signer are kept for their signing page (a second call, once the assignees exist)
      const signData = placed.flatMap((b) =>
        assigneesOf(b.signer, r.data.assignees).map((assignee_id) => ({
          assignee_id, library_id: b.libraryId, pageNum: b.page, type: 'signature' as const, px: b.px, py: b.py, width: b.width, height: b.height, pageWidth: b.pageWidth, pageHeight: b.pageHeight,
        })),
      );
      if (signData.length) await approvalsApi.documentAction(r.data.id, { id: r.data.id, action: 'save', sign_data: signData }).catch((e: unknown) => console.error('placements', e));
      navigate(AppPaths.approval(r.data.id));
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (prefix: string) => Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1] ?? null;

  return (
    <div data-testid="approval-create">
      <PageHeader title={t('create.title')} actions={<Button type="button" icon="pi pi-arrow-left" text label={t('back')} onClick={() => navigate(AppPaths.approvals())} />} />
      <div className="surface-card p-3">
        <Field id="approval-title" label={t('create.name')} required error={errorOf('title')}>
          <InputText id="approval-title" value={title} onChange={(e) => { setTitle(e.target.value); clear('title'); }} className="w-full" data-testid="approval-title" invalid={!!errorOf('title')} />
        </Field>

        <h3>{t('documents.title')}</h3>
        <ul className="list-none p-0" data-testid="approval-create-documents">
          {docs.map((d) => (
            <li key={d.id} className="flex align-items-center gap-2 mb-1">
              <i className="pi pi-file-pdf" aria-hidden="true" /> <span className="approval-create__doc-name">{d.name}</span>
              <Button type="button" icon="pi pi-times" text rounded aria-label={t('create.remove')} onClick={() => { setDocs(docs.filter((x) => x.id !== d.id)); clear('documents', 'sign_data'); }} />
            </li>
          ))}
        </ul>
        {errorOf('documents') && <small className="p-error block">{errorOf('documents')}</small>}
        <Button type="button" icon="pi pi-paperclip" label={t('create.chooseDocuments')} outlined onClick={() => setPicking(true)} data-testid="approval-choose-documents" />

        <h3>{t('create.signers')}</h3>
        {steps.map((s, i) => (
          <div key={s.key} className="mb-2" data-testid="approval-step">
          <div className="flex flex-wrap align-items-center gap-2">
            <label htmlFor={`order-${s.key}`}>{t('recipients.step')}</label>
            <InputNumber inputId={`order-${s.key}`} value={s.order} min={1} max={100} onValueChange={(e) => patch(s.key, { order: e.value ?? 1 })} size={3} />
            {s.kind === 'member' && (
              <Dropdown value={s.user_id} options={users.data ?? []} optionLabel="name" optionValue="id" filter placeholder={t('create.member')} onChange={(e) => patch(s.key, { user_id: e.value })} disabled={users.data === undefined && !users.error} data-testid="approval-step-member" />
            )}
            {s.kind === 'committee' && (
              <Dropdown value={s.committee_id} options={committees.data ?? []} optionLabel="name" optionValue="id" placeholder={t('create.committee')} onChange={(e) => patch(s.key, { committee_id: e.value })} />
            )}
            {s.kind === 'guest' && (
              <>
                <InputText value={s.guest_name} placeholder={t('create.guestName')} onChange={(e) => patch(s.key, { guest_name: e.target.value })} aria-label={t('create.guestName')} />
                <InputText value={s.email} type="email" placeholder={t('create.guestEmail')} onChange={(e) => patch(s.key, { email: e.target.value })} aria-label={t('create.guestEmail')} />
              </>
            )}
            {/* the later steps move up: their errors' indexes no longer hold, so every signer's error goes */}
            <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={t('create.remove')} onClick={() => { setSteps(steps.filter((x) => x.key !== s.key)); clear('assignees', 'sign_data'); }} />
          </div>
          {/* this step's own error (assignees.<i>.<field>), under it; it goes when this step changes */}
          {errorOf(`assignees.${i}`) && <small className="p-error block" data-testid="approval-step-error">{errorOf(`assignees.${i}`)}</small>}
          </div>
        ))}
        {errors.assignees && <small className="p-error block" data-testid="approval-assignees-error">{errors.assignees}</small>}
        <div className="flex flex-wrap gap-2">
          <Button type="button" icon="pi pi-user-plus" label={t('create.addMember')} text onClick={() => add('member')} data-testid="approval-add-member" />
          <Button type="button" icon="pi pi-users" label={t('create.addCommittee')} text onClick={() => add('committee')} />
          <Button type="button" icon="pi pi-envelope" label={t('create.addGuest')} text onClick={() => add('guest')} data-testid="approval-add-guest" />
        </div>
        <h3>{ts('placementTitle')}</h3>
        {docs.length > 0 && signers.length > 0 ? <PlacementStep docs={docs} signers={signers} boxes={placed} onChange={changeBoxes} /> : <p data-testid="placement-step-empty">{ts('placementNeeds')}</p>}
        {errorOf('sign_data') && <small className="p-error block" data-testid="placement-error">{errorOf('sign_data')}</small>}
        <div className="flex justify-content-end mt-3">
          <Button type="button" label={t('create.send')} icon="pi pi-send" loading={busy} disabled={busy} onClick={submit} data-testid="approval-send" />
        </div>
      </div>
      <LibraryPicker visible={picking} pdfOnly onHide={() => setPicking(false)} onPick={(files) => { setDocs([...docs, ...files.filter((f) => !docs.some((d) => d.id === f.id))]); clear('documents'); setPicking(false); }} />
    </div>
  );
}
