import { recognitionCtor } from '../../voice/speech';

export type SpeechLang = 'en-US' | 'ar-EG';

/** what the running transcript is doing: hearing, waiting to try again after errors, or given up */
export type TranscriptState = 'listening' | 'retrying' | 'unavailable';

/** errors after which listening again cannot help: no permission, no microphone, no recognition service */
const FATAL = new Set(['not-allowed', 'service-not-allowed', 'audio-capture', 'language-not-supported']);
/** the longest wait between two attempts after errors */
export const MAX_RESTART_MS = 30_000;

/**
 * The wait before the next recognition: `restartMs` (the spec's 600 ms) while recognitions end normally; after
 * `errors` failures in a row it doubles each time, up to MAX_RESTART_MS; null when the last error is fatal.
 */
export function restartDelay(restartMs: number, errors: number, lastError: string | null): number | null {
  if (lastError && FATAL.has(lastError)) return null;
  return Math.min(MAX_RESTART_MS, restartMs * 2 ** Math.min(errors, 10));
}

/**
 * The recorder's running transcript from the browser's SpeechRecognition (continuous, final results only). The
 * browser ends a recognition after a pause; while the transcript is wanted it is started again after `restartMs`
 * (the spec's 600 ms). After errors the wait doubles (restartDelay) and `onState` says 'retrying'; a fatal error (no
 * permission, no microphone) ends it with 'unavailable'. Each kind of error is logged once, not at every attempt.
 * Where there is no SpeechRecognition the transcript is typed (the card shows a textarea either way).
 */
export function startTranscript(lang: SpeechLang, onText: (text: string) => void, restartMs: number, w?: unknown, onState?: (s: TranscriptState) => void): () => void {
  const Ctor = recognitionCtor(w);
  if (!Ctor) {
    console.info('recorder: this browser has no SpeechRecognition; the transcript is typed');
    onState?.('unavailable');
    return () => undefined;
  }
  let wanted = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: { stop(): void } | null = null;
  let errors = 0;
  let lastError: string | null = null;
  const logged = new Set<string>();
  const failed = (kind: string, detail?: unknown) => {
    errors += 1;
    lastError = kind;
    if (!logged.has(kind)) {
      logged.add(kind);
      console.info('recorder: speech recognition error', kind, detail ?? '');
    }
  };
  const run = () => {
    if (!wanted) return;
    const r = new Ctor();
    let erred = false;
    r.lang = lang;
    r.continuous = true;
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (e) => {
      errors = 0;
      lastError = null;
      onState?.('listening');
      const results = e.results as ArrayLike<ArrayLike<{ transcript: string }> & { isFinal?: boolean }>;
      // continuous recognition lists every result so far; the new ones are at the end
      const start = (e as { resultIndex?: number }).resultIndex ?? 0;
      for (let i = start; i < results.length; i++) {
        const t = results[i]?.[0]?.transcript?.trim();
        if (t && results[i].isFinal !== false) onText(t);
      }
    };
    r.onerror = (e) => {
      erred = true;
      failed(e.error ?? 'unknown');
    };
    r.onend = () => {
      current = null;
      if (!wanted) return;
      // a recognition that ended without an error (a pause) is restarted at the normal pace
      if (!erred) {
        errors = 0;
        lastError = null;
      }
      const wait = restartDelay(restartMs, errors, lastError);
      if (wait === null) {
        wanted = false;
        onState?.('unavailable');
        return;
      }
      if (errors > 0) onState?.('retrying');
      timer = setTimeout(run, wait);
    };
    current = r;
    try {
      r.start();
      if (errors === 0) onState?.('listening');
    } catch (e) {
      failed('start', e);
      current = null;
      const wait = restartDelay(restartMs, errors, lastError);
      if (wait !== null && wanted) {
        onState?.('retrying');
        timer = setTimeout(run, wait);
      }
    }
  };
  run();
  return () => {
    wanted = false;
    if (timer) clearTimeout(timer);
    current?.stop();
  };
}
