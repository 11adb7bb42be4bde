import { recognitionCtor } from '../../voice/speech';

export type SpeechLang = 'en-US' | 'ar-EG';

/**
 * The recorder's running transcript from the browser's SpeechRecognition (continuous, final results only). The
 * browser ends a recognition after a pause; while the transcript is wanted it is started again after `restartMs`
 * (the spec's 600 ms). Where there is no SpeechRecognition the transcript is typed (the card shows a textarea
 * either way); recognition errors are only logged (spec §8).
 */
export function startTranscript(lang: SpeechLang, onText: (text: string) => void, restartMs: number, w?: unknown): () => void {
  const Ctor = recognitionCtor(w);
  if (!Ctor) {
    console.info('recorder: this browser has no SpeechRecognition; the transcript is typed');
    return () => undefined;
  }
  let wanted = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: { stop(): void } | null = null;
  const run = () => {
    if (!wanted) return;
    const r = new Ctor();
    r.lang = lang;
    r.continuous = true;
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (e) => {
      const results = e.results as ArrayLike<ArrayLike<{ transcript: string }> & { isFinal?: boolean }>;
      // continuous recognition lists every result so far; the new ones are at the end
      const start = (e as { resultIndex?: number }).resultIndex ?? 0;
      for (let i = start; i < results.length; i++) {
        const t = results[i]?.[0]?.transcript?.trim();
        if (t && results[i].isFinal !== false) onText(t);
      }
    };
    r.onerror = (e) => console.info('recorder: speech recognition error', e.error);
    r.onend = () => {
      current = null;
      if (wanted) timer = setTimeout(run, restartMs);
    };
    current = r;
    try {
      r.start();
    } catch (e) {
      console.info('recorder: speech recognition did not start', e);
    }
  };
  run();
  return () => {
    wanted = false;
    if (timer) clearTimeout(timer);
    current?.stop();
  };
}
