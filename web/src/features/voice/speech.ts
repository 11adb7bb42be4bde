import type { Lang } from '@app/contracts';
import type { VoiceLang } from './parse';

/**
 * The browser's speech recognition (SpeechRecognition, or webkitSpeechRecognition in Chromium). Where neither
 * exists the header's voice button offers the typed fallback instead, and the console says why (docs/product/voice.md).
 */
export interface RecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((e: { error?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionCtor = new () => RecognitionLike;

export function recognitionCtor(w: unknown = typeof window === 'undefined' ? undefined : window): RecognitionCtor | null {
  const g = w as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor } | undefined;
  return g?.SpeechRecognition ?? g?.webkitSpeechRecognition ?? null;
}

let logged = false;
/** true where the browser can listen; logs once (console only) where it cannot */
export function voiceSupported(w?: unknown): boolean {
  const ok = recognitionCtor(w) !== null;
  if (!ok && !logged) {
    logged = true;
    console.info('voice commands: this browser has no SpeechRecognition; the voice button takes typed commands');
  }
  return ok;
}

/** the recognition language of the interface language: Arabic listens in ar-EG, everything else in en-US */
export const voiceLangOf = (lang: Lang): VoiceLang => (lang === 'ar' ? 'ar-EG' : 'en-US');

/** Listens for one phrase; `onHeard` gets its best transcript, `onError` the recognition's error (not-allowed, audio-capture, …). Returns `stop`. */
export function listenOnce(lang: VoiceLang, onHeard: (text: string) => void, onEnd: () => void, w?: unknown, onError?: (error: string) => void): () => void {
  const Ctor = recognitionCtor(w);
  if (!Ctor) {
    onEnd();
    return () => undefined;
  }
  const r = new Ctor();
  r.lang = lang;
  r.interimResults = false;
  r.maxAlternatives = 1;
  r.continuous = false;
  r.onresult = (e) => {
    const first = e.results[0]?.[0]?.transcript;
    if (first) onHeard(first);
  };
  r.onerror = (e) => {
    console.info('voice commands: recognition error', e.error);
    onError?.(e.error ?? 'unknown');
  };
  r.onend = onEnd;
  try {
    r.start();
  } catch (e) {
    console.info('voice commands: recognition did not start', e);
    onError?.('start');
    onEnd();
  }
  return () => r.stop();
}
