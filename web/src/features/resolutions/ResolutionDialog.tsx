import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolutionsApi, type DecisionInput, type Resolution } from '../../api/decisions';
import { notify } from '../../api/notify';
import { usersApi, type Ref } from '../../api/users';
import { Loading } from '../../components/Loading';
import { confirmAction } from '../../components/confirm';
import { useApi } from '../../hooks/use-api';
import { useMessage } from '../../i18n';
import { decisionValues } from '../meeting/decisions/DecisionDialog';
import { DecisionDetails } from '../meeting/decisions/DecisionDetails';
import { DecisionForm } from '../meeting/decisions/DecisionForm';
import { saveErrorMessage, withCurrent, type PersonOption } from '../meeting/decisions/people';
import { ReportButton } from './ReportButton';

/** the committee's members as voter options (GET /users/all?committee_id=) */
function useCommitteeVoters(committeeId: number | null) {
  return useApi<PersonOption[]>(committeeId ? 'users/all' : null, [committeeId], async () =>
    (await usersApi.all(committeeId ?? undefined)).map((u) => ({ value: `u:${u.id}`, label: u.name, image: u.image, guest: false })),
  );
}

/**
 * A standalone committee resolution in a dialog (800): create with a committee, view with the votes,
 * edit with the committee locked. What may be done comes from the server's flags.
 */
export function ResolutionDialog(props: { resolutionId: number | null; visible: boolean; committees: Ref[]; variant?: 'default' | 'moe' | 'tender'; onHide(): void; onChanged(): void; liveTick?: number }) {
  const { t } = useTranslation('decisions');
  const m = useMessage();
  const { resolutionId, visible } = props;
  const [resolution, setResolution] = useState<Resolution | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [committeeId, setCommitteeId] = useState<number | null>(null);
  const voters = useCommitteeVoters(committeeId);

  const load = useCallback(async () => {
    if (resolutionId === null) return;
    try {
      setLoadError(null);
      const r = await resolutionsApi.get(resolutionId);
      setResolution(r);
      setCommitteeId(r.committee_id);
    } catch (err) {
      setLoadError(saveErrorMessage(err));
    }
  }, [resolutionId]);

  useEffect(() => {
    if (!visible) return;
    setBanner(null);
    setResolution(null);
    setCommitteeId(null);
    setEditing(resolutionId === null);
    void load();
  }, [visible, resolutionId, load]);

  // the resolutions page's live channel reported a change: a resolution being looked at (not edited) loads again
  useEffect(() => {
    if (visible && resolutionId !== null && !editing && props.liveTick) void load();
  }, [props.liveTick]);

  const save = async (input: DecisionInput) => {
    setBanner(null);
    try {
      const { message } = resolutionId === null ? await resolutionsApi.create(input) : await resolutionsApi.update(resolutionId, input);
      notify('success', m(message ?? 'Decision saved successfully'));
      props.onChanged();
      if (resolutionId === null) props.onHide();
      else {
        setEditing(false);
        await load();
      }
    } catch (err) {
      setBanner(saveErrorMessage(err));
      throw err;
    }
  };

  const remove = () =>
    confirmAction({
      message: t('deleteConfirm'),
      danger: true,
      accept: async () => {
        if (resolutionId === null) return;
        try {
          notify('success', m((await resolutionsApi.remove(resolutionId)) ?? 'Deleted successfully'));
          props.onChanged();
          props.onHide();
        } catch (err) {
          setBanner(saveErrorMessage(err));
        }
      },
    });

  const committees = resolution?.committee && !props.committees.some((c) => c.id === resolution.committee_id) ? [...props.committees, resolution.committee] : props.committees;
  const header = resolutionId === null ? t('page.add') : editing ? t('edit') : (resolution?.title ?? t('decision'));

  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={props.onHide}
      style={{ width: '800px' }}
      breakpoints={{ '880px': '95vw' }}
      data-testid="resolution-dialog"
      footer={
        !editing ? (
          <div className="dialog-footer">
            {resolution && <ReportButton decisionId={resolution.id} />}
            <Button type="button" label={t('close')} outlined onClick={props.onHide} data-testid="resolution-close" />
          </div>
        ) : undefined
      }
    >
      {banner && <Message severity="error" text={m(banner)} className="dialog-banner" data-testid="resolution-banner" />}
      {loadError && <Message severity="error" text={m(loadError)} data-testid="resolution-load-error" />}
      {resolutionId !== null && !resolution && !loadError && <Loading />}
      {editing && (resolutionId === null || resolution) && (
        <DecisionForm
          key={resolution?.updated_at ?? 'new'}
          initial={decisionValues(resolution, null)}
          options={{ committee: resolutionId === null ? 'choose' : 'locked', votingSwitch: props.variant === 'tender', tenderNumber: props.variant === 'tender' || !!resolution?.tender_number, ballotLocked: !!resolution?.ballot_locked }}
          people={withCurrent(voters.data ?? [], resolution?.voters ?? [])}
          committees={committees}
          onCommitteeChange={setCommitteeId}
          onSubmit={save}
          onCancel={() => (resolutionId === null ? props.onHide() : setEditing(false))}
        />
      )}
      {!editing && resolution && (
        <DecisionDetails
          decision={resolution}
          standalone
          onChanged={async () => {
            props.onChanged();
            await load();
          }}
          onEdit={resolution.can_edit ? () => setEditing(true) : undefined}
          onDelete={resolution.can_delete ? remove : undefined}
          onError={setBanner}
        />
      )}
    </Dialog>
  );
}
