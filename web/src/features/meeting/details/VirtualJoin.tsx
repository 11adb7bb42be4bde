import { MM, type MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Sidebar } from 'primereact/sidebar';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../api/client';
import { meetingsApi } from '../../../api/meetings';
import { useMessage } from '../../../i18n';

/** a join refused for a meeting before the cutoff day ('deadline_passed') */
export function isDeadlinePassed(err: unknown): boolean {
  const e = err as Partial<ApiError> | null;
  return !!e && (e.fieldErrors?.warning === MM.deadlinePassed || e.serverMessage === MM.deadlinePassedText);
}

/**
 * The embedded session says it is done ('readyToClose', the name the providers' frame API uses): either the bare
 * string or an object naming it in `event`, `name` or `type` (also one level down in `data`).
 */
export function isReadyToClose(data: unknown): boolean {
  if (data === 'readyToClose') return true;
  if (!data || typeof data !== 'object') return false;
  const o = data as Record<string, unknown>;
  if ([o.event, o.name, o.type].includes('readyToClose')) return true;
  return o.data !== undefined && o.data !== data && typeof o.data === 'object' && isReadyToClose(o.data);
}

/**
 * An online meeting (meetings.md "Virtual meetings"): the join button asks the server for the participant's link
 * and opens it in an embedded frame, with a floating "Meeting Details" button that opens the header in a 600 drawer
 * (the window's width minus 10 when narrower). A meeting before the cutoff day shows the 'deadline passed' warning;
 * other join failures are only logged. When the session signals it is ready to close, the frame is emptied and the
 * button goes with it. `auto` (a Live meeting): the session starts by itself when the page opens, once.
 */
export function VirtualJoin(props: { meeting: MeetingDetails; token?: string; header: ReactNode; auto?: boolean }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const [url, setUrl] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [details, setDetails] = useState(false);
  const [busy, setBusy] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!url) return undefined;
    const onMessage = (e: MessageEvent) => {
      // only the embedded session may end it
      if (frame.current && e.source !== frame.current.contentWindow) return;
      if (!isReadyToClose(e.data)) return;
      setDetails(false);
      setUrl(null);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url]);
  const canJoin = !!props.meeting.virtual && props.meeting.permissions.joinVirtual;
  const join = async () => {
    setBusy(true);
    setWarning(null);
    try {
      const link = await meetingsApi.join(props.meeting.id, props.token);
      setUrl(link.participant_url);
    } catch (err) {
      if (isDeadlinePassed(err)) setWarning(MM.deadlinePassedText);
      else console.warn('join failed', err);
    } finally {
      setBusy(false);
    }
  };
  // a live online meeting starts by itself once the page has loaded it (once per page)
  const autoTried = useRef(false);
  useEffect(() => {
    if (!canJoin || !props.auto || autoTried.current) return;
    autoTried.current = true;
    void join();
  }, [canJoin, props.auto]);
  if (!canJoin) return null;
  return (
    <section className="virtual-join" data-testid="virtual-join">
      {warning && <Message severity="warn" text={m(warning)} className="w-full" data-testid="join-warning" />}
      {!url ? (
        <Button type="button" icon="pi pi-video" label={t('virtual.join')} loading={busy} onClick={() => void join()} data-testid="join-meeting" />
      ) : (
        <>
          <iframe ref={frame} src={url} title={t('virtual.frame')} className="virtual-frame" allow="camera; microphone; display-capture; fullscreen" data-testid="virtual-frame" />
          <Button type="button" icon="pi pi-info-circle" label={t('virtual.details')} className="virtual-details-button" onClick={() => setDetails(true)} data-testid="virtual-details" />
          <Button type="button" icon="pi pi-sign-out" label={t('virtual.leave')} outlined size="small" onClick={() => setUrl(null)} data-testid="virtual-leave" />
          <Sidebar
            visible={details}
            onHide={() => setDetails(false)}
            position="right"
            style={{ width: 'min(600px, calc(100vw - 10px))' }}
            header={<h2 className="drawer-title">{t('virtual.details')}</h2>}
            data-testid="virtual-details-drawer"
          >
            {props.header}
          </Sidebar>
        </>
      )}
    </section>
  );
}
