import { useParams } from 'react-router-dom';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';

/**
 * Activity screens (meetings, library, approvals, decisions) arrive in later issues. Each route
 * already exists with its final title, tabs and an honest empty state, so the real screens drop in.
 */
export type ActivityKind = 'meetings' | 'meeting' | 'library' | 'approvals' | 'approvalsUpload' | 'approval' | 'decisions';

const TABS: Partial<Record<ActivityKind, string[]>> = {
  library: ['mine', 'shared', 'organization', 'favorites'],
  approvals: ['all', 'actionRequired', 'waiting', 'completed'],
};
const ICONS: Record<ActivityKind, string> = {
  meetings: 'pi pi-users',
  meeting: 'pi pi-users',
  library: 'pi pi-folder-open',
  approvals: 'pi pi-verified',
  approvalsUpload: 'pi pi-upload',
  approval: 'pi pi-file-check',
  decisions: 'pi pi-check-square',
};

export function ActivityPage(props: { kind: ActivityKind }) {
  const { t } = useTranslation('activity');
  const params = useParams();
  const id = params.meetingId ?? params.id;
  const tabs = TABS[props.kind];
  const empty = <EmptyState icon={ICONS[props.kind]} title={t(`${props.kind}.empty`)} description={t(`${props.kind}.emptyText`)} />;
  return (
    <div data-testid={`activity-${props.kind}`}>
      <PageHeader title={id ? t(`${props.kind}.title`, { id }) : t(`${props.kind}.title`)} />
      <div className="surface-card">
        {tabs ? (
          <TabView>
            {tabs.map((tab) => (
              <TabPanel key={tab} header={t(`${props.kind}.tab.${tab}`)}>
                {empty}
              </TabPanel>
            ))}
          </TabView>
        ) : (
          empty
        )}
      </div>
    </div>
  );
}
