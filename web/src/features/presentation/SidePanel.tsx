import type { MeetingDetails, Presenter } from '@app/contracts';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';

/** The side panel: general information, the agenda and the participants of the meeting. */
export function SidePanel(p: { meeting: MeetingDetails; presenters: Presenter[] }) {
  const { t } = useTranslation('presentation');
  const m = p.meeting;
  const people = [...m.members, ...m.guest_member];
  return (
    <aside className="presentation-side" data-testid="presentation-side">
      <TabView>
        <TabPanel header={t('side.info')}>
          <dl className="presentation-side__info">
            <dt>{t('side.title')}</dt>
            <dd>{m.title}</dd>
            <dt>{t('side.status')}</dt>
            <dd>{m.status.name}</dd>
            <dt>{t('side.start')}</dt>
            <dd>{m.start_date}</dd>
            {m.location && (
              <>
                <dt>{t('side.location')}</dt>
                <dd>{m.location}</dd>
              </>
            )}
            <dt>{t('side.presenters')}</dt>
            <dd>
              {p.presenters.length
                ? p.presenters.map((x) => (
                    <span key={x.user_id} className="presentation-side__presenter">
                      <span className="presentation-side__swatch" style={{ background: x.color }} aria-hidden="true" /> {x.user.name}
                    </span>
                  ))
                : t('side.noPresenters')}
            </dd>
          </dl>
        </TabPanel>
        <TabPanel header={t('side.agenda')}>
          <ol className="presentation-side__agenda" data-testid="presentation-agenda">
            {m.agendas.flatMap((g) => g.data).map((item) => (
              <li key={`${item.agenda_type}-${item.id}`}>{item.title}</li>
            ))}
          </ol>
        </TabPanel>
        <TabPanel header={t('side.participants', { count: people.length })}>
          <ul className="presentation-side__people">
            {people.map((x) => (
              <li key={x.id}>{x.user?.name ?? x.guest_name ?? x.user_email}</li>
            ))}
          </ul>
        </TabPanel>
      </TabView>
    </aside>
  );
}
