import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { zServerFrame, type ClientFrame } from '@app/contracts';
import { initialView, reconnectDelay, reduceFrame, refusalOf, type RoomView } from './room-state';

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'refused';

export interface PresentationSocketOptions {
  meetingId: number;
  fileId: number;
  /** a sign-in token, or the guest's link token */
  token: string | null;
  isGuest: boolean;
  myUserId: number | null;
  /** false in viewer-only mode: no real-time connection */
  enabled: boolean;
}

type Action = { kind: 'frame'; raw: unknown } | { kind: 'reset'; document: number } | { kind: 'clearError' };

/** the socket URL on this origin (the gateway passes it to the presentation service) */
export function socketUrl(o: Pick<PresentationSocketOptions, 'meetingId' | 'fileId' | 'token' | 'isGuest'>, origin = window.location.origin): string {
  const u = new URL('/ws/presentation', origin.replace(/^http/, 'ws'));
  u.searchParams.set('ref_id', String(o.meetingId));
  u.searchParams.set('document', String(o.fileId));
  if (o.token) u.searchParams.set('token', o.token);
  if (o.isGuest) u.searchParams.set('isGuest', '1');
  return u.toString();
}

/**
 * The live room of a presentation page: connects, reduces the server's frames into a RoomView, reconnects with
 * back-off (a reconnect gets the history again), and stops for good on a refusal (4401, 4403, 4404).
 */
export function usePresentationSocket(o: PresentationSocketOptions) {
  const meRef = useRef(o.myUserId);
  meRef.current = o.myUserId;
  const [view, dispatch] = useReducer((v: RoomView, a: Action): RoomView => {
    if (a.kind === 'reset') return initialView(a.document);
    if (a.kind === 'clearError') return { ...v, error: null };
    const parsed = zServerFrame.safeParse(a.raw);
    return parsed.success ? reduceFrame(v, parsed.data, meRef.current) : v;
  }, o.fileId, initialView);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [refusal, setRefusal] = useState<ReturnType<typeof refusalOf>>(null);
  const wsRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    dispatch({ kind: 'reset', document: o.fileId });
    if (!o.enabled || !o.token) return;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      setStatus(attempt ? 'reconnecting' : 'connecting');
      const ws = new WebSocket(socketUrl(o));
      wsRef.current = ws;
      ws.onopen = () => {
        attempt = 0;
        setStatus('open');
      };
      ws.onmessage = (e) => {
        try {
          dispatch({ kind: 'frame', raw: JSON.parse(String(e.data)) });
        } catch (err) {
          console.warn('presentation: unreadable frame', err);
        }
      };
      ws.onclose = (e) => {
        if (wsRef.current === ws) wsRef.current = null;
        if (stopped) return;
        const why = refusalOf(e.code);
        if (why) {
          setRefusal(why);
          setStatus('refused');
          return;
        }
        timer = setTimeout(connect, reconnectDelay(attempt++));
        setStatus('reconnecting');
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      wsRef.current?.close(1000, 'page closed');
      wsRef.current = null;
    };
  }, [o.meetingId, o.fileId, o.token, o.isGuest, o.enabled]);

  const send = useCallback((frame: ClientFrame) => {
    const ws = wsRef.current;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  }, []);
  const clearError = useCallback(() => dispatch({ kind: 'clearError' }), []);
  return { view, status, refusal, send, clearError };
}
