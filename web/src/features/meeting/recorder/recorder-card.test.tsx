import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MeetingDetails } from '@app/contracts';
import { onNotify, type Notice } from '../../../api/notify';
import { recorderApi } from '../../../api/recorder';
import { session, STORAGE_KEYS } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aMeeting, ok, permissions } from '../decisions/fixtures';
import { MeetingDetailsPage } from '../MeetingDetailsPage';
import { installLeaveGuard } from './leave-guard';
import { RecorderCard, type RecorderDeps } from './RecorderCard';
import type { TranscriptState } from './speech';
import { isoDay, joinSamples, recordingName, wavBytes } from './wav';

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const NOW = new Date(2026, 10, 25, 9, 5);

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com', user: { id: 1, name: 'Ada' } });
  (URL as unknown as { createObjectURL: unknown }).createObjectURL = jest.fn(() => 'blob:recording');
  (URL as unknown as { revokeObjectURL: unknown }).revokeObjectURL = jest.fn();
});

/** the browser and API of the card, as a test drives them */
function fakeDeps(over: Partial<RecorderDeps> = {}) {
  const heard: Array<(t: string) => void> = [];
  const states: Array<(s: TranscriptState) => void> = [];
  const deps = {
    canRecord: () => true,
    startRecording: jest.fn(async () => ({ stop: async () => new Blob([new Uint8Array(wavBytes(new Float32Array(8), 8000))], { type: 'audio/wav' }) })),
    storeInLibrary: jest.fn(async (_f: File) => 'File uploaded successfully'),
    canListen: () => true,
    listen: jest.fn((_lang: string, onText: (t: string) => void, onState?: (s: TranscriptState) => void) => {
      heard.push(onText);
      if (onState) states.push(onState);
      return () => undefined;
    }),
    summarize: jest.fn(async () => ({ summary: 'We agreed on the budget.', message: null as string | null })),
    saveSummary: jest.fn(async () => ({ ok: true, message: 'Summary saved successfully!' })),
    now: () => NOW,
    ...over,
  } satisfies RecorderDeps;
  return { deps, heard, states };
}

const admin = (over: Partial<MeetingDetails> = {}) => aMeeting({ permissions: permissions({ seeRecorder: true }), ...over });

async function recordAndStop() {
  click('recorder-start');
  await screen.findByTestId('recorder-stop');
  click('recorder-stop');
  await screen.findByTestId('recorder-download');
}

describe('recorder card: visibility on the meeting page (committee admins and role id 1, never guests)', () => {
  const renderPage = (meeting: MeetingDetails, guest = false) => {
    installFetch(on('GET', '/api/meetings/1', () => jsonResponse(200, ok(meeting))), on('GET', '/api/meeting/guest/gt', () => jsonResponse(200, ok(meeting))));
    if (guest) renderWithApp(<MeetingDetailsPage guest />, { path: '/meeting/1?token=gt', route: '/meeting/:meetingId' });
    else renderWithApp(<MeetingDetailsPage />, { path: '/app/activity/meetings/1', route: '/app/activity/meetings/:meetingId' });
  };

  it.each<[string, MeetingDetails, boolean, boolean]>([
    ['shown when the meeting says seeRecorder (a committee admin or an organization admin)', admin(), false, true],
    ['hidden for everyone else', aMeeting({ permissions: permissions({ seeRecorder: false }) }), false, false],
    ['never for a guest', admin({ permissions: permissions({ seeRecorder: true, isGuest: true }) }), true, false],
  ])('%s', async (_name, meeting, guest, shown) => {
    renderPage(meeting, guest);
    await screen.findByTestId('meeting-page');
    await screen.findByTestId('participants-card');
    expect(screen.queryByTestId('recorder-card') !== null).toBe(shown);
  });
});

describe('recorder card: states', () => {
  it('inactive → recording → finished, with a WAV download link and the recording stored in the library', async () => {
    const { deps } = fakeDeps();
    renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    const card = screen.getByTestId('recorder-card');
    expect(card).toHaveAttribute('data-state', 'inactive');
    expect(screen.queryByTestId('recorder-transcript')).toBeNull();
    click('recorder-start');
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'recording'));
    expect(screen.getByTestId('recorder-live')).toHaveTextContent('Recording…');
    expect(deps.listen).toHaveBeenCalledWith('en-US', expect.any(Function), expect.any(Function));
    click('recorder-stop');
    const link = await screen.findByTestId('recorder-download');
    expect(card).toHaveAttribute('data-state', 'finished');
    expect(link).toHaveAttribute('href', 'blob:recording');
    expect(link).toHaveAttribute('download', 'Voice Note 2026-11-25 09-05.wav');
    expect(link).toHaveAttribute('type', 'audio/wav');
    await waitFor(() => expect(screen.getByTestId('recorder-library')).toHaveAttribute('data-store', 'stored'));
    expect(screen.getByTestId('recorder-library')).toHaveTextContent('Saved in your library');
    expect(screen.getByTestId('recorder-lang')).toHaveTextContent('English (en-US)');
    const file = (deps.storeInLibrary as jest.Mock).mock.calls[0][0] as File;
    expect([file.name, file.type]).toEqual(['Voice Note 2026-11-25 09-05.wav', 'audio/wav']);
    expect(screen.getByTestId('recorder-start')).toHaveTextContent('New recording');
  });

  it('a library failure is said on the card; the download stays', async () => {
    const { deps } = fakeDeps({ storeInLibrary: jest.fn(async () => Promise.reject(new Error('415'))) });
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    await recordAndStop();
    await waitFor(() => expect(screen.getByTestId('recorder-library')).toHaveAttribute('data-store', 'failed'));
    expect(screen.getByTestId('recorder-download')).toBeInTheDocument();
  });

  it('a refused microphone is only logged; the card stays inactive', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { deps } = fakeDeps({ startRecording: jest.fn(async () => Promise.reject(new Error('NotAllowedError'))) });
    renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    click('recorder-start');
    await waitFor(() => expect(info).toHaveBeenCalled());
    expect(screen.getByTestId('recorder-card')).toHaveAttribute('data-state', 'inactive');
    expect(screen.queryByTestId('recorder-error')).toBeNull();
  });

  it('without a microphone API the start button is disabled', () => {
    const { deps } = fakeDeps({ canRecord: () => false });
    renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    expect(screen.getByTestId('recorder-start')).toBeDisabled();
  });
});

describe('recorder card: transcript', () => {
  it('what the recognition hears is appended; a language change restarts it in ar-EG after 500 ms', async () => {
    const { deps, heard } = fakeDeps();
    renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    click('recorder-start');
    await screen.findByTestId('recorder-stop');
    act(() => heard[0]('we agreed on the budget'));
    act(() => heard[0]('the report is due Friday'));
    expect(screen.getByTestId('recorder-transcript')).toHaveValue('we agreed on the budget the report is due Friday');
    jest.useFakeTimers();
    try {
      fireEvent.change(screen.getByTestId('recorder-lang'), { target: { value: 'ar-EG' } });
      act(() => jest.advanceTimersByTime(499));
      expect(deps.listen).toHaveBeenCalledTimes(1);
      act(() => jest.advanceTimersByTime(1));
      expect(deps.listen).toHaveBeenLastCalledWith('ar-EG', expect.any(Function), expect.any(Function));
    } finally {
      jest.useRealTimers();
    }
  });

  it('recognition that keeps failing is said under the transcript: retrying, then unavailable', async () => {
    const { deps, states } = fakeDeps();
    renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    click('recorder-start');
    await screen.findByTestId('recorder-stop');
    expect(screen.queryByTestId('recorder-speech-state')).toBeNull();
    act(() => states[0]('retrying'));
    expect(screen.getByTestId('recorder-speech-state')).toHaveTextContent('tries again less often');
    act(() => states[0]('unavailable'));
    expect(screen.getByTestId('recorder-speech-state')).toHaveAttribute('data-state', 'unavailable');
    expect(screen.getByTestId('recorder-speech-state')).toHaveTextContent('type the transcript');
    act(() => states[0]('listening'));
    expect(screen.queryByTestId('recorder-speech-state')).toBeNull();
  });

  it('without SpeechRecognition there is no language choice and the transcript is typed', async () => {
    const { deps } = fakeDeps({ canListen: () => false });
    renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    expect(screen.queryByTestId('recorder-lang')).toBeNull();
    await recordAndStop();
    expect(deps.listen).not.toHaveBeenCalled();
    expect(screen.getByTestId('recorder-transcript')).toHaveAttribute('placeholder', 'Type the voice note here');
    expect(screen.getByTestId('recorder-summarize')).toBeDisabled();
    fireEvent.change(screen.getByTestId('recorder-transcript'), { target: { value: 'Typed note.' } });
    expect(screen.getByTestId('recorder-summarize')).toBeEnabled();
  });
});

describe('recorder card: summary', () => {
  const withTranscript = async (deps: RecorderDeps) => {
    renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    await recordAndStop();
    fireEvent.change(screen.getByTestId('recorder-transcript'), { target: { value: 'We agreed on the budget. It was sunny.' } });
  };

  it("asks for a 'Voice Note' of today by the signed-in user; accept is disabled for 1500 ms", async () => {
    const { deps } = fakeDeps();
    await withTranscript(deps);
    jest.useFakeTimers();
    try {
      click('recorder-summarize');
      await act(async () => undefined);
      expect(deps.summarize).toHaveBeenCalledWith({ title: 'Voice Note', creator_name: 'Ada', date: '2026-11-25', minutes: 'We agreed on the budget. It was sunny.' });
      expect(screen.getByTestId('recorder-summary')).toHaveValue('We agreed on the budget.');
      expect(screen.getByTestId('recorder-accept')).toBeDisabled();
      act(() => jest.advanceTimersByTime(1499));
      expect(screen.getByTestId('recorder-accept')).toBeDisabled();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByTestId('recorder-accept')).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('edit and accept: the trimmed summary is saved, the success message shown, the meeting refreshed', async () => {
    const notices: Notice[] = [];
    const off = onNotify((n) => notices.push(n));
    const { deps } = fakeDeps();
    const onChanged = jest.fn();
    renderWithApp(<RecorderCard meeting={admin()} onChanged={onChanged} deps={deps} />);
    await recordAndStop();
    fireEvent.change(screen.getByTestId('recorder-transcript'), { target: { value: 'We agreed.' } });
    click('recorder-summarize');
    const box = await screen.findByTestId('recorder-summary');
    fireEvent.change(box, { target: { value: '  We agreed on the budget, edited.  ' } });
    await waitFor(() => expect(screen.getByTestId('recorder-accept')).toBeEnabled(), { timeout: 3000 });
    click('recorder-accept');
    expect(await screen.findByTestId('recorder-accepted')).toHaveTextContent('We agreed on the budget, edited.');
    expect(deps.saveSummary).toHaveBeenCalledWith(1, 'We agreed on the budget, edited.');
    expect(notices).toEqual([expect.objectContaining({ severity: 'success', summary: 'Summary saved successfully!' })]);
    expect(onChanged).toHaveBeenCalled();
    off();
  });

  it("an emptied summary is refused with 'Summary cannot be empty' and nothing is sent", async () => {
    const { deps } = fakeDeps();
    await withTranscript(deps);
    click('recorder-summarize');
    fireEvent.change(await screen.findByTestId('recorder-summary'), { target: { value: '   ' } });
    await waitFor(() => expect(screen.getByTestId('recorder-accept')).toBeEnabled(), { timeout: 3000 });
    click('recorder-accept');
    expect(screen.getByTestId('recorder-error')).toHaveTextContent('Summary cannot be empty');
    expect(deps.saveSummary).not.toHaveBeenCalled();
  });

  it('regenerate asks again and replaces the summary', async () => {
    const { deps } = fakeDeps();
    (deps.summarize as jest.Mock).mockResolvedValueOnce({ summary: 'First.', message: null }).mockResolvedValueOnce({ summary: 'Second.', message: null });
    await withTranscript(deps);
    click('recorder-summarize');
    expect(await screen.findByTestId('recorder-summary')).toHaveValue('First.');
    click('recorder-regenerate');
    await waitFor(() => expect(screen.getByTestId('recorder-summary')).toHaveValue('Second.'));
    expect(deps.summarize).toHaveBeenCalledTimes(2);
  });

  it.each<[string, Partial<RecorderDeps>, string]>([
    ['an empty summary', { summarize: jest.fn(async () => ({ summary: null, message: 'No summary returned.' })) }, 'No summary returned.'],
    ['a summarizer error', { summarize: jest.fn(async () => ({ summary: null, message: 'Error getting summary.' })) }, 'Error getting summary.'],
    ['a thrown error', { summarize: jest.fn(async () => Promise.reject(new Error('boom'))) }, 'Something went wrong.'],
  ])('%s is said on the card', async (_name, over, text) => {
    const { deps } = fakeDeps(over);
    await withTranscript(deps);
    click('recorder-summarize');
    expect(await screen.findByTestId('recorder-error')).toHaveTextContent(text);
    expect(screen.queryByTestId('recorder-summary')).toBeNull();
  });

  it('a refused save shows its message and keeps the summary', async () => {
    const { deps } = fakeDeps({ saveSummary: jest.fn(async () => ({ ok: false, message: "You don't have permission to perform this action." })) });
    await withTranscript(deps);
    click('recorder-summarize');
    await screen.findByTestId('recorder-summary');
    await waitFor(() => expect(screen.getByTestId('recorder-accept')).toBeEnabled(), { timeout: 3000 });
    click('recorder-accept');
    expect(await screen.findByTestId('recorder-error')).toHaveTextContent("You don't have permission to perform this action.");
    expect(screen.getByTestId('recorder-summary')).toHaveValue('We agreed on the budget.');
  });

  it('saved summaries of the meeting are listed', () => {
    const { deps } = fakeDeps();
    renderWithApp(<RecorderCard meeting={admin({ recordsummarize: [{ id: 4, summary: 'Earlier note.', created_at: '2026-11-24 10:00:00' }] })} onChanged={jest.fn()} deps={deps} />);
    expect(screen.getByTestId('recorder-saved')).toHaveTextContent('1 saved summary');
    expect(screen.getByTestId('recorder-saved')).toHaveTextContent('Earlier note.');
  });
});

describe('recorder card: leaving with a recording not downloaded', () => {
  const unload = () => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  };

  it('warns on unload and asks before an in-app navigation until the recording is downloaded', async () => {
    const { deps } = fakeDeps();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { unmount } = renderWithApp(<RecorderCard meeting={admin()} onChanged={jest.fn()} deps={deps} />);
    expect(unload()).toBe(false);
    await recordAndStop();
    expect(unload()).toBe(true);
    const before = window.location.pathname;
    window.history.pushState({}, '', '/elsewhere');
    expect(confirm).toHaveBeenCalledWith('The recording has not been downloaded. Leave this page anyway?');
    expect(window.location.pathname).toBe(before);
    click('recorder-download');
    expect(unload()).toBe(false);
    confirm.mockClear();
    window.history.pushState({}, '', '/elsewhere');
    expect(confirm).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/elsewhere');
    unmount();
    window.history.pushState({}, '', before);
  });

  it('the guard answers the user: leaving when confirmed, and it is removed with the card', () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const push = window.history.pushState;
    const off = installLeaveGuard(() => true, 'Leave?');
    window.history.pushState({}, '', '/confirmed');
    expect(confirm).toHaveBeenCalledWith('Leave?');
    expect(window.location.pathname).toBe('/confirmed');
    off();
    expect(window.history.pushState).toBe(push);
    window.history.pushState({}, '', '/');
  });
});

describe('recorder API: the spec texts from real answers', () => {
  it('summarize: a summary, and an empty one', async () => {
    const calls = installFetch(on('POST', '/api/summarize', (c) => jsonResponse(200, { summary: (c.body as { minutes: string }).minutes ? 'S.' : '' })));
    expect(await recorderApi.summarize({ title: 'Voice Note', creator_name: 'Ada', date: '2026-11-25', minutes: 'x' })).toEqual({ summary: 'S.', message: null });
    expect(await recorderApi.summarize({ title: 'Voice Note', creator_name: 'Ada', date: '2026-11-25', minutes: '' })).toEqual({ summary: null, message: 'No summary returned.' });
    expect(calls[0].headers).toMatchObject({ token: 'tok' });
  });

  it.each<[string, () => void, number | null, string]>([
    ['no stored user', () => window.localStorage.removeItem(STORAGE_KEYS.user), null, 'Authentication failed. Please login again.'],
    ['no token', () => window.localStorage.removeItem(STORAGE_KEYS.token), null, 'Authentication failed. Please login again.'],
    ['a bad stored user', () => window.localStorage.setItem(STORAGE_KEYS.user, '{not json'), null, 'Invalid user data. Please login again.'],
    ['404', () => undefined, 404, 'Meeting not found.'],
    ['500', () => undefined, 500, 'Server error. Please try again later.'],
  ])('save: %s', async (_name, arrange, status, text) => {
    arrange();
    const calls = installFetch(on('POST', '/api/app/activity/meetings/1/record-summarize', () => jsonResponse(status ?? 200, {})));
    expect(await recorderApi.saveSummary(1, 'x')).toEqual({ ok: false, message: text });
    expect(calls).toHaveLength(status === null ? 0 : 1);
  });

  it('save: a fetch failure is the network text', async () => {
    (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await recorderApi.saveSummary(1, 'x')).toEqual({ ok: false, message: 'Network error. Please check your internet connection.' });
  });
});

describe('wav', () => {
  it('writes a RIFF/WAVE 16-bit mono header and clamped samples', () => {
    const b = wavBytes(new Float32Array([0, 1, -1, 2]), 16000);
    const v = new DataView(b.buffer);
    const ascii = (at: number, n: number) => String.fromCharCode(...b.slice(at, at + n));
    expect([ascii(0, 4), ascii(8, 4), ascii(12, 4), ascii(36, 4)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect([v.getUint32(4, true), v.getUint16(20, true), v.getUint16(22, true), v.getUint32(24, true), v.getUint16(34, true), v.getUint32(40, true)]).toEqual([36 + 8, 1, 1, 16000, 16, 8]);
    expect([v.getInt16(44, true), v.getInt16(46, true), v.getInt16(48, true), v.getInt16(50, true)]).toEqual([0, 32767, -32768, 32767]);
  });

  it('joins chunks and names the file and the day', () => {
    expect(Array.from(joinSamples([new Float32Array([1]), new Float32Array([2, 3])]))).toEqual([1, 2, 3]);
    expect(recordingName(NOW)).toBe('Voice Note 2026-11-25 09-05.wav');
    expect(isoDay(NOW)).toBe('2026-11-25');
  });
});
