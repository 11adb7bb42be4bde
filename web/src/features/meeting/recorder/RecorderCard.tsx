import { RECORDER, SummaryTexts, type MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryApi } from '../../../api/library';
import { notify } from '../../../api/notify';
import { recorderApi } from '../../../api/recorder';
import { session } from '../../../api/session';
import { useMessage } from '../../../i18n';
import { recognitionCtor } from '../../voice/speech';
import { recordingSupported, startWavRecording, type RecordingHandle } from './audio';
import { installLeaveGuard } from './leave-guard';
import { startTranscript, type SpeechLang, type TranscriptState } from './speech';
import { isoDay, recordingName } from './wav';

export type RecorderState = 'inactive' | 'recording' | 'finished';

/** what the card uses from the browser and the API; the component tests pass their own */
export interface RecorderDeps {
  canRecord(): boolean;
  startRecording(): Promise<RecordingHandle>;
  /** stores the recording in the library (POST /api/library); answers the server's message */
  storeInLibrary(file: File): Promise<string | null>;
  canListen(): boolean;
  listen(lang: SpeechLang, onText: (text: string) => void, onState?: (s: TranscriptState) => void): () => void;
  summarize: typeof recorderApi.summarize;
  saveSummary: typeof recorderApi.saveSummary;
  now(): Date;
}

export const browserRecorderDeps: RecorderDeps = {
  canRecord: () => recordingSupported(),
  startRecording: startWavRecording,
  storeInLibrary: async (file) => (await libraryApi.upload(file, { dir: null, onProgress: () => undefined })).message,
  canListen: () => recognitionCtor() !== null,
  listen: (lang, onText, onState) => startTranscript(lang, onText, RECORDER.speechRestartMs, undefined, onState),
  summarize: recorderApi.summarize,
  saveSummary: recorderApi.saveSummary,
  now: () => new Date(),
};

type Store = 'idle' | 'storing' | 'stored' | 'failed';

/**
 * The recorder card (docs/voice-notes.md): record the microphone (inactive → recording → finished), download the
 * WAV, keep it in the library, a transcript heard by the browser (en-US or ar-EG) or typed, then a summary from
 * the summarizer: edit, accept (saved on the meeting; the button waits 1.5 s after each new summary) or
 * regenerate. Leaving with a recording that was not downloaded asks first. Shown by the page when the meeting's
 * `permissions.seeRecorder` (committee admins and organization administrators, never guests).
 */
export function RecorderCard(props: { meeting: MeetingDetails; onChanged(): void; deps?: RecorderDeps }) {
  const deps = props.deps ?? browserRecorderDeps;
  const { t, i18n } = useTranslation('recorder');
  const m = useMessage();
  const [state, setState] = useState<RecorderState>('inactive');
  const [audio, setAudio] = useState<{ url: string; name: string } | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const [store, setStore] = useState<Store>('idle');
  const [lang, setLang] = useState<SpeechLang>(i18n.language === 'ar' ? 'ar-EG' : 'en-US');
  const [transcript, setTranscript] = useState('');
  const [hearing, setHearing] = useState<TranscriptState>('listening');
  const [summary, setSummary] = useState<string | null>(null);
  const [acceptReady, setAcceptReady] = useState(false);
  const [busy, setBusy] = useState<'summarize' | 'accept' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);
  const handle = useRef<RecordingHandle | null>(null);
  const stopListening = useRef<(() => void) | null>(null);
  const warn = useRef(false);
  warn.current = state === 'recording' || (state === 'finished' && !downloaded);
  const listens = deps.canListen();

  // leaving with a recording that was not downloaded asks first (reload, close, and the app's own navigation)
  const leaveText = t('leave');
  useEffect(() => installLeaveGuard(() => warn.current, leaveText), [leaveText]);
  // the object URL and a running recording or recognition end with the card
  useEffect(() => () => {
    stopListening.current?.();
    // the card is gone: the recording is dropped; a failure to stop only means the microphone was already released
    void handle.current?.stop().catch(() => undefined);
  }, []);
  useEffect(() => () => {
    if (audio) URL.revokeObjectURL(audio.url);
  }, [audio]);
  // accept waits 1500 ms after each new summary (spec §9)
  useEffect(() => {
    if (summary === null) return;
    setAcceptReady(false);
    const timer = setTimeout(() => setAcceptReady(true), RECORDER.acceptDisabledMs);
    return () => clearTimeout(timer);
  }, [summary]);

  const hear = (text: string) => setTranscript((cur) => (cur.trim() ? `${cur.trimEnd()} ${text}` : text));
  const listen = (l: SpeechLang) => {
    stopListening.current?.();
    setHearing('listening');
    stopListening.current = listens ? deps.listen(l, hear, setHearing) : null;
  };

  const start = async () => {
    setError(null);
    try {
      handle.current = await deps.startRecording();
    } catch (e) {
      // microphone unavailable or refused: only logged (spec §8)
      console.info('recorder: the microphone is not available', e);
      return;
    }
    if (audio) URL.revokeObjectURL(audio.url);
    setAudio(null);
    setDownloaded(false);
    setStore('idle');
    setState('recording');
    listen(lang);
  };

  const stop = async () => {
    stopListening.current?.();
    stopListening.current = null;
    const h = handle.current;
    handle.current = null;
    if (!h) return;
    const blob = await h.stop();
    const name = recordingName(deps.now());
    setAudio({ url: URL.createObjectURL(blob), name });
    setState('finished');
    setStore('storing');
    try {
      await deps.storeInLibrary(new File([blob], name, { type: RECORDER.audioType }));
      setStore('stored');
    } catch (e) {
      console.info('recorder: the recording was not stored in the library', e);
      setStore('failed');
    }
  };

  const changeLang = (l: SpeechLang) => {
    setLang(l);
    if (state !== 'recording' || !listens) return;
    stopListening.current?.();
    stopListening.current = null;
    // the recognition restarts in the new language after 500 ms (spec §9)
    setTimeout(() => listen(l), RECORDER.speechLangChangeMs);
  };

  const generate = async () => {
    setError(null);
    setBusy('summarize');
    try {
      const user = session.user();
      const r = await deps.summarize({ title: RECORDER.noteTitle, creator_name: user?.name ?? '', date: isoDay(deps.now()), minutes: transcript });
      if (r.summary !== null) setSummary(r.summary);
      else setError(r.message ?? SummaryTexts.summarizerError);
    } catch {
      setError(SummaryTexts.wrong);
    } finally {
      setBusy(null);
    }
  };

  const accept = async () => {
    const text = (summary ?? '').trim();
    if (!text) return setError(SummaryTexts.empty);
    setError(null);
    setBusy('accept');
    try {
      const r = await deps.saveSummary(props.meeting.id, text);
      if (!r.ok) {
        setError(r.message);
        notify('error', m(r.message));
        return;
      }
      notify('success', m(r.message));
      setAccepted(text);
      setSummary(null);
      props.onChanged();
    } finally {
      setBusy(null);
    }
  };

  const saved = props.meeting.recordsummarize;
  return (
    <section className="surface-card side-card recorder-card" data-testid="recorder-card" data-state={state}>
      <div className="side-card__head">
        <h3>{t('title')}</h3>
        {state === 'recording' && (
          <span className="recorder-card__live" data-testid="recorder-live">
            <i className="pi pi-circle-fill" aria-hidden /> {t('recording')}
          </span>
        )}
      </div>

      <div className="create-buttons">
        {state !== 'recording' ? (
          <Button type="button" icon="pi pi-microphone" label={state === 'finished' ? t('again') : t('start')} onClick={() => void start()} disabled={!deps.canRecord()} data-testid="recorder-start" />
        ) : (
          <Button type="button" icon="pi pi-stop-circle" severity="danger" label={t('stop')} onClick={() => void stop()} data-testid="recorder-stop" />
        )}
        {listens && (
          <select className="p-inputtext p-component recorder-card__lang" aria-label={t('language')} value={lang} onChange={(e) => changeLang(e.target.value as SpeechLang)} data-testid="recorder-lang">
            {RECORDER.speechLangs.map((l) => (
              <option key={l} value={l}>
                {t(`lang.${l}`)}
              </option>
            ))}
          </select>
        )}
      </div>

      {state === 'finished' && audio && (
        <div className="recorder-card__audio">
          <audio controls src={audio.url} data-testid="recorder-audio" />
          <a className="p-button p-button-outlined p-button-sm" href={audio.url} download={audio.name} type={RECORDER.audioType} onClick={() => setDownloaded(true)} data-testid="recorder-download">
            <i className="pi pi-download" aria-hidden /> {t('download')}
          </a>
          <small className="muted block" data-testid="recorder-library" data-store={store}>
            {t(`library.${store}`)}
          </small>
        </div>
      )}

      {state !== 'inactive' && (
        <>
          <label htmlFor="recorder-transcript" className="block">
            {t('transcript')}
          </label>
          <InputTextarea
            id="recorder-transcript"
            value={transcript}
            onChange={(e) => setTranscript(e.target.value)}
            rows={4}
            autoResize
            placeholder={listens ? t('transcriptHeard') : t('transcriptTyped')}
            dir="auto"
            className="w-full"
            data-testid="recorder-transcript"
          />
          {listens && state === 'recording' && hearing !== 'listening' && (
            <small className="muted block" role="status" data-testid="recorder-speech-state" data-state={hearing}>
              {t(`speech.${hearing}`)}
            </small>
          )}
          {summary === null && (
            <Button type="button" icon="pi pi-list" label={t('summarize')} outlined onClick={() => void generate()} loading={busy === 'summarize'} disabled={!transcript.trim() || state === 'recording'} data-testid="recorder-summarize" />
          )}
        </>
      )}

      {summary !== null && (
        <div className="recorder-card__summary">
          <label htmlFor="recorder-summary" className="block">
            {t('summary')}
          </label>
          <InputTextarea id="recorder-summary" value={summary} onChange={(e) => setSummary(e.target.value)} rows={5} autoResize dir="auto" className="w-full" data-testid="recorder-summary" />
          <div className="form-actions">
            <Button type="button" icon="pi pi-refresh" label={t('regenerate')} outlined onClick={() => void generate()} loading={busy === 'summarize'} data-testid="recorder-regenerate" />
            <Button type="button" icon="pi pi-check" label={t('accept')} onClick={() => void accept()} loading={busy === 'accept'} disabled={!acceptReady || busy !== null} data-testid="recorder-accept" />
          </div>
        </div>
      )}

      {error && <Message severity="error" text={m(error)} data-testid="recorder-error" />}

      {accepted !== null && (
        <p className="recorder-card__accepted" dir="auto" data-testid="recorder-accepted">
          {accepted}
        </p>
      )}
      {saved.length > 0 && (
        <details className="recorder-card__saved" data-testid="recorder-saved">
          <summary>{t('saved', { count: saved.length })}</summary>
          <ul>
            {saved.map((s) => (
              <li key={s.id} dir="auto">
                <small className="muted block">{s.created_at}</small>
                {s.summary}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
