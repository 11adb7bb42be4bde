import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { integrationsApi } from '../../api/integrations';
import { notify } from '../../api/notify';
import { confirmAction } from '../../components/confirm';
import { useApi } from '../../hooks/use-api';

/** the feed's full address on this host (the server answers a path) */
export const feedUrl = (path: string, origin = window.location.origin): string => new URL(path, origin).toString();

/**
 * The user's private calendar address (docs/product/meetings.md#calendar-feed): copy it into a calendar
 * application, make a new one (the old one stops working), or turn it off.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('integrations');
  const { data, error, isLoading, mutate } = useApi('integrations/calendars/feed', [], integrationsApi.feed);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      await mutate();
      notify('success', done);
    } catch (e) {
      notify('error', (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const url = data?.path ? feedUrl(data.path) : null;
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url);
    notify('success', t('feed.copied'));
  };
  return (
    <section className="surface-card integration-feed" data-testid="calendar-feed">
      <h2 className="section-title">{t('feed.title')}</h2>
      <p>{t('feed.text')}</p>
      {isLoading ? null : error ? (
        <p role="alert" data-testid="calendar-feed-error">{t('feed.failed')}</p>
      ) : url ? (
        <>
          <div className="p-inputgroup">
            <InputText value={url} readOnly aria-label={t('feed.title')} data-testid="calendar-feed-url" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" icon="pi pi-copy" label={t('feed.copy')} onClick={() => void copy()} data-testid="calendar-feed-copy" />
          </div>
          <div className="integration-feed__actions">
            <Button
              type="button" label={t('feed.regenerate')} icon="pi pi-refresh" outlined loading={busy} data-testid="calendar-feed-regenerate"
              onClick={() => confirmAction({ message: t('feed.regenerateConfirm'), accept: () => run(integrationsApi.resetFeed, t('feed.regenerated')) })}
            />
            <Button type="button" label={t('feed.off')} icon="pi pi-times" severity="danger" text loading={busy} data-testid="calendar-feed-off" onClick={() => void run(integrationsApi.revokeFeed, t('feed.turnedOff'))} />
          </div>
        </>
      ) : (
        <>
          <p data-testid="calendar-feed-none">{t('feed.none')}</p>
          <Button type="button" label={t('feed.turnOn')} icon="pi pi-calendar-plus" loading={busy} data-testid="calendar-feed-on" onClick={() => void run(integrationsApi.resetFeed, t('feed.regenerated'))} />
        </>
      )}
    </section>
  );
}
