import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import {
  PRESENTATION_THROTTLE_MS,
  PRESENTER_PALETTE,
  Routes,
  Throttle,
  presentersOf,
  type DrawOperation,
  type MeetingDetails,
  type PaletteColour,
} from '@app/contracts';
import { annotationsApi } from '../../api/annotations';
import { api } from '../../api/client';
import { notify } from '../../api/notify';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { useProfile } from '../../hooks/use-profile';
import { useToken } from '../../hooks/use-session';
import { currentLang, dirOf } from '../../i18n/lang';
import { openPdf, type PdfHandle } from '../viewers/pdf-engine';
import { jumpTarget, loadPercent } from '../viewers/pdf-rules';
import { NotesDrawer } from './NotesDrawer';
import { SidePanel } from './SidePanel';
import { SlideStage, type Tool } from './SlideStage';
import { drawingOf, slideDrawingAnnotations } from './room-state';
import { replaceSlideInk, savedSlideInk, slidesWithSavedInk } from './slide-ink';
import { usePresentationSocket } from './use-presentation-socket';
import './presentation.css';

type OperationFrame = { slide: number; operations: DrawOperation[] };

/**
 * `/presentation/{meetingId}/{fileId}` (live) and the viewer-only mode of `/viewer/{meetingId}/{fileId}`
 * (docs/product/presentation.md): the slide, the presenter's tools, the side panel and the notes drawer.
 * Query: `token` and `isGuest` for guests (who see no notes), `auth` for a sign-in token passed in the link.
 */
export function PresentationPage(props: { mode: 'live' | 'viewer' }) {
  const { t } = useTranslation('presentation');
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const meetingId = Number(params.meetingId);
  const fileId = Number(params.fileId);
  const isGuest = search.get('isGuest') === '1' || search.get('isGuest') === 'true';
  const sessionToken = useToken();
  const token = isGuest ? search.get('token') : (sessionToken ?? search.get('auth'));
  const profile = useProfile();
  const myUserId = isGuest ? null : (profile.data?.id ?? null);
  const rtl = dirOf(currentLang()) === 'rtl';

  const meeting = useApi<MeetingDetails>(Number.isInteger(meetingId) && meetingId > 0 ? 'meeting' : null, [meetingId, isGuest ? token : null], () =>
    api(Routes.getMeeting, { params: { id: meetingId }, token: isGuest ? (token ?? undefined) : undefined }),
  );
  const presenters = useMemo(() => (meeting.data ? presentersOf(meeting.data) : []), [meeting.data]);
  const attachment = useMemo(
    () => meeting.data?.agendas.flatMap((g) => g.data).flatMap((i) => [...i.attachments, ...(i.agenda_type === 'talking_point' ? i.subpoints.flatMap((s) => s.attachments) : [])]).find((a) => a.library_id === fileId) ?? null,
    [meeting.data, fileId],
  );
  // the presentation call: the PDF (short-lived URL) and, once made, slide thumbnails; polled while they are made
  const slides = useApi(attachment ? 'presentation' : null, [meetingId, fileId, isGuest ? token : null], () =>
    api(Routes.getPresentation, { query: { document: fileId, ref_id: meetingId }, token: isGuest ? (token ?? undefined) : undefined, notify: false }),
    { refreshInterval: (d) => (d && d.payload.status === 'rendering' ? 2000 : 0), revalidateOnFocus: false },
  );
  const fileUrl = slides.data?.payload.pdf ?? null;
  const thumbs = slides.data?.payload.status === 'ready' ? slides.data.payload.thumbs : [];

  const live = props.mode === 'live';
  const room = usePresentationSocket({ meetingId, fileId, token, isGuest, myUserId, enabled: live && !!meeting.data });
  const { view, send } = room;

  // the PDF of the document
  const [pdf, setPdf] = useState<PdfHandle | null>(null);
  const [progress, setProgress] = useState(0);
  const [pdfError, setPdfError] = useState<unknown>(null);
  const [failedSlide, setFailedSlide] = useState<number | null>(null);
  useEffect(() => {
    if (!fileUrl) return;
    let handle: PdfHandle | null = null;
    let cancelled = false;
    setPdf(null);
    setPdfError(null);
    openPdf({ url: fileUrl, onProgress: (l, total) => setProgress(loadPercent(l, total)) }).then(
      (h) => (cancelled ? h.destroy() : ((handle = h), setPdf(h))),
      (e: unknown) => !cancelled && setPdfError(e),
    );
    return () => {
      cancelled = true;
      handle?.destroy();
    };
  }, [fileUrl]);

  // viewer-only mode keeps its own slide; live mode follows the room
  const [ownSlide, setOwnSlide] = useState(0);
  const slide = live ? view.slide : ownSlide;
  const pages = pdf?.pages ?? 0;
  const drives = live ? view.youPresent : true;
  useEffect(() => setFailedSlide(null), [slide]);

  // the presenter moved everyone to another document: follow at slide 0
  useEffect(() => {
    if (view.movedTo != null) navigate({ pathname: `/presentation/${meetingId}/${view.movedTo}`, search: search.toString() }, { replace: false });
  }, [view.movedTo, meetingId, navigate, search]);

  const goTo = useCallback(
    (target: number) => {
      if (!pages || target < 0 || target > pages - 1 || target === slide) return;
      if (!live) return setOwnSlide(target);
      if (view.youPresent) send({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: target } });
    },
    [pages, slide, live, view.youPresent, send],
  );

  // arrow keys move one slide for the presenter and in viewer-only mode (mirrored in right-to-left)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!drives || (e.target instanceof HTMLElement && /^(INPUT|TEXTAREA)$/.test(e.target.tagName))) return;
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const back = rtl ? 'ArrowRight' : 'ArrowLeft';
      if (e.key === forward) goTo(slide + 1);
      else if (e.key === back) goTo(slide - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drives, goTo, slide, rtl]);

  const [jump, setJump] = useState('');
  useEffect(() => setJump(String(slide + 1)), [slide]);

  // the presenter's tools, and the spec's throttles before sending
  const [tool, setTool] = useState<Tool>('pen');
  const [colour, setColour] = useState<PaletteColour>('#e53935');
  const pointerThrottle = useRef<Throttle<{ x: number; y: number; visible: boolean }>>(null);
  const opThrottle = useRef<Throttle<OperationFrame>>(null);
  useEffect(() => {
    pointerThrottle.current = new Throttle(PRESENTATION_THROTTLE_MS.pointer, (_a, b) => b, (p) => send({ type: 'forward', action: { type: 'POINTER', ...p } }));
    opThrottle.current = new Throttle<OperationFrame>(
      PRESENTATION_THROTTLE_MS.operations,
      (a, b) => ({ slide: b.slide, operations: [...a.operations, ...b.operations] }),
      (f) => send({ type: 'forward', action: { type: 'OPERATION', slide: f.slide, operations: f.operations } }),
    );
    return () => {
      opThrottle.current?.flush();
      pointerThrottle.current?.cancel();
    };
  }, [send]);
  // strokes drawn but not yet sent are shown at once on the presenter's own slide
  const [pending, setPending] = useState<DrawOperation[]>([]);
  useEffect(() => setPending([]), [view.operations.length, slide]);
  const onStroke = (op: DrawOperation) => {
    const waiting = opThrottle.current?.peek();
    if (waiting && (waiting.slide !== slide || waiting.operations.length >= 150)) opThrottle.current?.flush();
    setPending((p) => [...p, op]);
    opThrottle.current?.offer({ slide, operations: [op] });
    if (op.kind === 'stroke' && op.tool === 'eraser' && savedInk.current.has(slide)) void saveDrawing({ quiet: true, extra: [op] });
  };
  const clearSlide = () => {
    opThrottle.current?.flush();
    send({ type: 'forward', action: { type: 'OPERATION', slide, operations: [{ kind: 'clear' }] } });
  };

  // the presenter keeps the slide's drawing as shared annotations of the document's page (the committee sees them in
  // the library viewer): one POST per colour and tool, through the annotations API with the meeting's access. A slide
  // saved again replaces what it saved (new marks first, then the old ones removed), and an eraser stroke on a saved
  // slide saves it again at once, so the erased ink leaves the saved marks too (live for open viewers through the
  // annotation events). One save at a time, in order (`inkQueue`), each from the drawing as it was when asked.
  const [savingInk, setSavingInk] = useState(false);
  // the slides with drawings saved in this meeting (the server's record, read when the room opens: a reload knows them)
  const savedInk = useRef(new Set<number>());
  const hasDocument = !!attachment;
  useEffect(() => {
    if (!live || isGuest || !hasDocument) return;
    let gone = false;
    annotationsApi.list(fileId, meetingId).then(
      (list) => {
        if (!gone) for (const s of slidesWithSavedInk(list, meetingId)) savedInk.current.add(s);
      },
      (e: unknown) => console.warn('presentation: saved drawings', e),
    );
    return () => {
      gone = true;
    };
  }, [live, isGuest, hasDocument, fileId, meetingId]);
  const inkQueue = useRef<Promise<unknown>>(Promise.resolve());
  const saveDrawing = async (o: { quiet?: boolean; extra?: DrawOperation[] } = {}) => {
    opThrottle.current?.flush();
    const at = slide;
    // the page's size only shapes the eraser's reach: without it the slide is taken as square
    const size = await pdf?.size(at + 1).catch((e: unknown) => (console.warn('presentation: page size', e), null));
    const aspect = size && size.width > 0 ? size.height / size.width : 1;
    const bodies = slideDrawingAnnotations([...drawingOf(view.operations, at), ...pending, ...(o.extra ?? [])], at, aspect);
    const job = inkQueue.current.then(async () => {
      setSavingInk(true);
      try {
        // what this slide saved before, as the server has it (a reload forgets nothing): replaced, never saved twice
        const before = savedSlideInk(await annotationsApi.list(fileId, meetingId), meetingId, at + 1);
        if (bodies.length === 0 && before.length === 0) return o.quiet ? undefined : notify('info', t('tools.nothingToSave'));
        const ids = await replaceSlideInk(fileId, meetingId, before, bodies);
        if (ids.length) savedInk.current.add(at);
        else savedInk.current.delete(at);
        if (!o.quiet) notify('success', t('tools.saved', { count: bodies.length, page: at + 1 }));
      } catch (e) {
        // the request layer has shown the catalogue's toast for an answer; this names what failed
        console.error('presentation: save drawing', e);
        notify('error', t('tools.saveFailed'));
      } finally {
        setSavingInk(false);
      }
    });
    // the next save waits for this one, failed or not (a failure was said above)
    inkQueue.current = job.catch(() => undefined);
    await job;
  };

  // the stage's width: the slide is fitted to it (and drawn again when the window or the panels change)
  const stageRef = useRef<HTMLElement | null>(null);
  const [stageWidth, setStageWidth] = useState(900);
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const measure = () => setStageWidth(Math.max(200, Math.floor(el.clientWidth)));
    measure();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro?.disconnect();
      window.removeEventListener('resize', measure);
    };
  });

  const [notesOpen, setNotesOpen] = useState(false);
  const [sideOpen, setSideOpen] = useState(true);

  if (!Number.isInteger(meetingId) || meetingId <= 0 || !Number.isInteger(fileId) || fileId <= 0) return <EmptyState icon="pi pi-file" title={t('notFound')} />;
  if (meeting.error) return <ErrorState error={meeting.error} onRetry={() => void meeting.mutate()} testId="presentation-error" />;
  if (!meeting.data) return <Loading />;
  if (room.status === 'refused') return <EmptyState icon="pi pi-lock" title={t(`refused.${room.refusal ?? 'unauthorized'}`)} testId="presentation-refused" />;
  if (!attachment) return <EmptyState icon="pi pi-file" title={t('notFound')} description={t('notFoundText')} testId="presentation-no-document" />;
  if (slides.error) return <EmptyState icon="pi pi-file" title={t('noFile')} description={slides.error instanceof Error ? slides.error.message : t('noFileText')} testId="presentation-no-file" />;
  if (!fileUrl) return <Loading />;

  const canHandOver = live && (view.youPresent || meeting.data.permissions.editMeeting);
  return (
    <div className={`presentation${sideOpen ? '' : ' presentation--wide'}`} data-testid={`presentation-${props.mode}`} data-you-present={view.youPresent ? 'yes' : 'no'}>
      <header className="presentation__bar">
        <Button type="button" icon="pi pi-bars" text aria-label={t('side.toggle')} onClick={() => setSideOpen((s) => !s)} />
        <strong className="presentation__title">{attachment.name ?? attachment.library.name ?? meeting.data.title}</strong>
        {live && (
          <span className={`presentation__status presentation__status--${room.status}`} data-testid="presentation-status">
            {t(`status.${room.status}`)}
            {view.presenter && ` · ${t('presenter', { name: view.presenter.user.name })}`}
            {view.youPresent && ` · ${t('youPresent')}`}
          </span>
        )}
        <span className="presentation__spacer" />
        <Button type="button" icon={rtl ? 'pi pi-chevron-right' : 'pi pi-chevron-left'} text aria-label={t('previous')} disabled={!drives || slide <= 0} onClick={() => goTo(slide - 1)} data-testid="slide-prev" />
        <InputText
          value={jump}
          onChange={(e) => setJump(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            const target = jumpTarget(jump, slide + 1, pages);
            setJump(String(target));
            goTo(target - 1);
          }}
          disabled={!drives}
          aria-label={t('jump')}
          className="presentation__jump"
          data-testid="slide-jump"
        />
        <span className="presentation__pages">/ {pages || '…'}</span>
        <Button type="button" icon={rtl ? 'pi pi-chevron-left' : 'pi pi-chevron-right'} text aria-label={t('next')} disabled={!drives || slide >= pages - 1} onClick={() => goTo(slide + 1)} data-testid="slide-next" />
        {canHandOver && presenters.length > 1 && (
          <Dropdown
            value={view.presenter?.user_id ?? null}
            options={presenters.map((x) => ({ label: x.user.name, value: x.user_id }))}
            onChange={(e) => send({ type: 'change_presenter', user_id: Number(e.value) })}
            placeholder={t('handOver')}
            aria-label={t('handOver')}
            data-testid="hand-over"
          />
        )}
        {!isGuest && <Button type="button" icon="pi pi-comment" text label={t('notes.open')} onClick={() => setNotesOpen(true)} data-testid="notes-open" />}
      </header>

      {live && view.youPresent && (
        <div className="presentation__tools" role="toolbar" aria-label={t('tools.label')} data-testid="presenter-tools">
          {(['pen', 'highlighter', 'eraser', 'pointer'] as const).map((x) => (
            <Button key={x} type="button" size="small" icon={TOOL_ICONS[x]} text={tool !== x} aria-pressed={tool === x} aria-label={t(`tools.${x}`)} title={t(`tools.${x}`)} onClick={() => setTool(x)} data-testid={`tool-${x}`} />
          ))}
          <span className="presentation__palette" role="radiogroup" aria-label={t('tools.colour')}>
            {PRESENTER_PALETTE.map((c) => (
              <button key={c} type="button" role="radio" aria-checked={colour === c} aria-label={c} className={`presentation__colour${colour === c ? ' presentation__colour--on' : ''}`} style={{ background: c }} onClick={() => setColour(c)} />
            ))}
          </span>
          <Button type="button" size="small" icon="pi pi-eraser" text label={t('tools.clear')} onClick={clearSlide} data-testid="tool-clear" />
          {!isGuest && <Button type="button" size="small" icon="pi pi-save" text label={t('tools.saveAnnotation')} loading={savingInk} disabled={savingInk} onClick={() => void saveDrawing()} data-testid="tool-save-annotation" />}
        </div>
      )}

      {view.error && (
        <Message severity="warn" text={view.error} className="presentation__message" onClick={room.clearError} />
      )}

      <div className="presentation__body">
        {sideOpen && <SidePanel meeting={meeting.data} presenters={presenters} />}
        {thumbs.length > 0 && (
          <nav className="presentation__thumbs" aria-label={t('thumbs')} data-testid="presentation-thumbs">
            {thumbs.map((src, i) => (
              <button key={src} type="button" className={`presentation__thumb${i === slide ? ' presentation__thumb--on' : ''}`} disabled={!drives} onClick={() => goTo(i)} aria-label={t('goToSlide', { n: i + 1 })} aria-current={i === slide}>
                <img src={src} alt="" loading="lazy" />
                <span>{i + 1}</span>
              </button>
            ))}
          </nav>
        )}
        {/* a slide wider than a phone scrolls here: the keyboard reaches it too (axe scrollable-region-focusable) */}
        <main className="presentation__stage" ref={stageRef} tabIndex={0}>
          {pdfError ? (
            <ErrorState error={pdfError} testId="presentation-pdf-error" />
          ) : !pdf ? (
            <div className="presentation__loading">
              <ProgressBar value={progress} style={{ height: 6 }} aria-label={t('loading')} data-testid="presentation-progress" />
            </div>
          ) : failedSlide === slide ? (
            <EmptyState icon="pi pi-exclamation-triangle" title={t('pageFailed')} testId="slide-failed" />
          ) : (
            <SlideStage
              pdf={pdf}
              slide={slide}
              scale={1.5 * (live ? view.scale : 1)}
              maxWidth={stageWidth}
              drawing={live ? [...drawingOf(view.operations, slide), ...pending] : []}
              pointer={live && !view.youPresent ? view.pointer : null}
              tools={live && view.youPresent ? { tool, colour, width: tool === 'highlighter' ? 4 : 3 } : null}
              onStroke={onStroke}
              onPointer={(p) => pointerThrottle.current?.offer(p)}
              onFailed={setFailedSlide}
            />
          )}
          {live && view.joined.length > 0 && <p className="presentation__joined" aria-live="polite">{t('joined', { name: view.joined[view.joined.length - 1] })}</p>}
        </main>
      </div>
      {!isGuest && <NotesDrawer visible={notesOpen} onHide={() => setNotesOpen(false)} meetingId={meetingId} fileId={fileId} slide={slide} rtl={rtl} />}
    </div>
  );
}

const TOOL_ICONS: Record<Tool, string> = { pen: 'pi pi-pencil', highlighter: 'pi pi-palette', eraser: 'pi pi-eraser', pointer: 'pi pi-bullseye' };
