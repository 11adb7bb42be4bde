import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolutionsApi, type DecisionInput, type Resolution } from '../../api/decisions';
import { usersApi, type Ref } from '../../api/users';
import { useApi } from '../../hooks/use-api';
import { decisionValues } from '../meeting/decisions/DecisionDialog';
import { DecisionDetails } from '../meeting/decisions/DecisionDetails';
import { DecisionForm } from '../meeting/decisions/DecisionForm';
import { ItemDialog, useItemDialog } from '../meeting/decisions/ItemDialog';
import { withCurrent, type PersonOption } from '../meeting/decisions/people';
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
  const { resolutionId, visible } = props;
  const [committeeId, setCommitteeId] = useState<number | null>(null);
  const voters = useCommitteeVoters(committeeId);
  // the resolutions page's live channel reported a change: a resolution being looked at (not edited) loads again
  const d = useItemDialog<Resolution, DecisionInput>({
    id: resolutionId, visible, liveTick: props.liveTick, onChanged: props.onChanged, onHide: props.onHide,
    get: (id) => resolutionsApi.get(id), getDeps: [],
    routes: { create: resolutionsApi.create, update: resolutionsApi.update, remove: resolutionsApi.remove, saved: 'Decision saved successfully', deleteConfirm: t('deleteConfirm') },
    onOpen: () => setCommitteeId(null),
    onLoaded: (r) => setCommitteeId(r.committee_id),
  });
  const resolution = d.item;

  const committees = resolution?.committee && !props.committees.some((c) => c.id === resolution.committee_id) ? [...props.committees, resolution.committee] : props.committees;

  return (
    <ItemDialog
      state={d}
      testId="resolution"
      words={{ create: t('page.add'), edit: t('edit'), view: t('decision'), close: t('close') }}
      footerStart={resolution && <ReportButton decisionId={resolution.id} />}
      form={(f) => (
        <DecisionForm
          key={resolution?.updated_at ?? 'new'}
          initial={decisionValues(resolution, null)}
          options={{ committee: resolutionId === null ? 'choose' : 'locked', votingSwitch: props.variant === 'tender', tenderNumber: props.variant === 'tender' || !!resolution?.tender_number, ballotLocked: !!resolution?.ballot_locked }}
          people={withCurrent(voters.data ?? [], resolution?.voters ?? [])}
          committees={committees}
          onCommitteeChange={setCommitteeId}
          {...f}
        />
      )}
      view={(resolution, c) => <DecisionDetails decision={resolution} standalone {...c} />}
    />
  );
}
