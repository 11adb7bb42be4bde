import './offline.css';
import { AppPaths } from '@app/contracts';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';
import { copyDate } from './keys';
import { offlineMeetings, onOfflineChange } from './offline-book';
import type { OfflineMeeting } from './store';

/**
 * The meetings list when the network is gone (docs/minutes.md#offline-board-book): the meetings this user keeps on
 * this device, each opening its copy, instead of a bare error; none kept says how to keep one. Retry asks the server
 * again.
 */
export function OfflineMeetings(props: { onRetry: () => void }) {
  const { t, i18n } = useTranslation('minutes');
  const [items, setItems] = useState<OfflineMeeting[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      offlineMeetings()
        .then((x) => live && setItems(x))
        .catch((e: unknown) => {
          console.warn('offline copies not read', e);
          if (live) setItems([]);
        });
    void read();
    const off = onOfflineChange(() => void read());
    return () => {
      live = false;
      off();
    };
  }, []);
  if (items === null) return null;
  return (
    <section className="offline-meetings" data-testid="offline-meetings" aria-labelledby="offline-meetings-title">
      <div className="offline-banner" role="status">
        <i className="pi pi-wifi" aria-hidden="true" /> <span id="offline-meetings-title">{t('offline.listTitle')}</span>
      </div>
      {items.length === 0 ? (
        <EmptyState icon="pi pi-download" title={t('offline.listEmpty')} description={t('offline.listEmptyText')} testId="offline-meetings-empty" compact />
      ) : (
        <ul className="offline-meetings__list">
          {items.map((m) => (
            <li key={m.meetingId} className="offline-meetings__item">
              <Link to={AppPaths.meeting(m.meetingId)} className="meeting-link" data-testid={`offline-meeting-${m.meetingId}`}>
                {m.title}
              </Link>
              <small className="muted block">
                {[formatDateTime(m.start_date, i18n.language), m.committee].filter(Boolean).join(' · ')}
              </small>
              <small className="muted block">{t('offline.since', { date: copyDate(m.savedAt) })}</small>
            </li>
          ))}
        </ul>
      )}
      <div className="offline-meetings__retry">
        <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('offline.retry')} onClick={props.onRetry} data-testid="offline-meetings-retry" />
      </div>
    </section>
  );
}
