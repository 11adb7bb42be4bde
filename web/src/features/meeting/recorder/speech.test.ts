import { MAX_RESTART_MS, restartDelay, startTranscript, type TranscriptState } from './speech';

describe('restartDelay: the wait before listening again', () => {
  it.each<[string, number, string | null, number | null]>([
    ['a recognition that ended normally: the spec pace', 0, null, 600],
    ['after one error: twice as long', 1, 'network', 1200],
    ['after three errors in a row', 3, 'no-speech', 4800],
    ['never longer than the ceiling', 12, 'network', MAX_RESTART_MS],
    ['no permission: never again', 1, 'not-allowed', null],
    ['no microphone: never again', 1, 'audio-capture', null],
    ['no recognition service: never again', 1, 'service-not-allowed', null],
  ])('%s', (_n, errors, last, want) => expect(restartDelay(600, errors, last)).toBe(want));
});

/** a SpeechRecognition whose every start ends in `error` */
function failingWindow(error: string) {
  const started: number[] = [];
  class Failing {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    onresult: unknown = null;
    onerror: ((e: { error?: string }) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      started.push(Date.now());
      setTimeout(() => {
        this.onerror?.({ error });
        this.onend?.();
      }, 0);
    }
    stop() {
      this.onend?.();
    }
  }
  return { w: { SpeechRecognition: Failing }, started };
}

describe('startTranscript when recognition keeps failing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('backs off, says it is retrying and logs each kind of error once', () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { w, started } = failingWindow('network');
    const states: TranscriptState[] = [];
    const stop = startTranscript('en-US', () => undefined, 600, w, (s) => states.push(s));
    // in 10 s at the spec's pace it would have started 16 times; backing off 600, 1200, 2400, 4800 ms: 4 or 5
    jest.advanceTimersByTime(10_000);
    expect(started.length).toBeGreaterThanOrEqual(3);
    expect(started.length).toBeLessThanOrEqual(5);
    expect(states).toContain('retrying');
    expect(info.mock.calls.filter((c) => c[0] === 'recorder: speech recognition error')).toHaveLength(1);
    stop();
    info.mockRestore();
  });

  it('stops for good and says so when there is no microphone', () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { w, started } = failingWindow('audio-capture');
    const states: TranscriptState[] = [];
    startTranscript('en-US', () => undefined, 600, w, (s) => states.push(s));
    jest.advanceTimersByTime(60_000);
    expect(started).toHaveLength(1);
    expect(states[states.length - 1]).toBe('unavailable');
    info.mockRestore();
  });
});
