import { act, fireEvent, screen } from '@testing-library/react';
import { AppPaths } from '@app/contracts';
import { registerNavigator } from '../../api/navigation';
import { renderWithApp } from '../../test/render';
import { onMeetingDraft } from './draft-events';
import type { MeetingDraft } from './parse';
import { VoiceButton } from './VoiceButton';
import { VoiceHelpPage } from './VoiceHelpPage';

/** A stand-in for the browser's SpeechRecognition: the test says what it "heard". */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  interimResults = true;
  maxAlternatives = 5;
  continuous = true;
  started = false;
  onresult: ((e: { results: Array<Array<{ transcript: string }>> }) => void) | null = null;
  onerror: ((e: { error?: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.onend?.();
  }
  hear(text: string) {
    this.onresult?.({ results: [[{ transcript: text }]] });
    this.onend?.();
  }
}

describe('voice commands in the browser', () => {
  const w = window as unknown as { SpeechRecognition?: unknown };
  afterEach(() => {
    delete w.SpeechRecognition;
    registerNavigator(null);
  });

  it('where the browser has no SpeechRecognition it says so and takes the command typed', async () => {
    const went: string[] = [];
    registerNavigator((to) => went.push(to));
    renderWithApp(<VoiceButton />);
    fireEvent.click(screen.getByTestId('voice-button'));
    expect((await screen.findByTestId('voice-fallback-reason')).textContent).toContain('This browser cannot listen');
    expect(screen.getByTestId('voice-typed-run')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('voice-typed'), { target: { value: 'open library' } });
    fireEvent.click(screen.getByTestId('voice-typed-run'));
    expect(went).toEqual([AppPaths.library()]);
  });

  it('when listening fails (no microphone) the dialog says so and links to the help page', async () => {
    w.SpeechRecognition = FakeRecognition;
    const went: string[] = [];
    registerNavigator((to) => went.push(to));
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    renderWithApp(<VoiceButton />);
    fireEvent.click(screen.getByTestId('voice-button'));
    act(() => FakeRecognition.last?.fail('audio-capture'));
    expect((await screen.findByTestId('voice-fallback-reason')).textContent).toContain('no microphone was found');
    fireEvent.click(screen.getByTestId('voice-help-link'));
    expect(went).toEqual(['/app/settings/voice-commands']);
    info.mockRestore();
  });

  it('dictates a new meeting: the draft goes to the create drawer and the meetings page opens', () => {
    w.SpeechRecognition = FakeRecognition;
    const went: string[] = [];
    registerNavigator((to) => went.push(to));
    const drafts: MeetingDraft[] = [];
    const off = onMeetingDraft((d) => drafts.push(d));
    renderWithApp(<VoiceButton />);
    fireEvent.click(screen.getByTestId('voice-button'));
    expect(FakeRecognition.last?.started).toBe(true);
    expect(FakeRecognition.last?.lang).toBe('en-US');
    act(() => FakeRecognition.last?.hear('New meeting title Budget review committee Finance date 2031-06-10 time 3 pm duration 2 hours location Board room virtual no'));
    off();
    expect(drafts).toEqual([{ title: 'Budget review', committee: 'Finance', date: '2031-06-10', time: '15:00', duration: 2, location: 'Board room', virtual: false }]);
    expect(went).toEqual([AppPaths.meetings()]);
  });

  it('navigates, and opens the help page on "help"', () => {
    w.SpeechRecognition = FakeRecognition;
    const went: string[] = [];
    registerNavigator((to) => went.push(to));
    renderWithApp(<VoiceButton />);
    fireEvent.click(screen.getByTestId('voice-button'));
    act(() => FakeRecognition.last?.hear('open the calendar'));
    fireEvent.click(screen.getByTestId('voice-button'));
    act(() => FakeRecognition.last?.hear('help'));
    expect(went).toEqual([AppPaths.calendar(), '/app/settings/voice-commands']);
  });

  it('the help page lists every navigation phrase', () => {
    renderWithApp(<VoiceHelpPage />);
    for (const phrase of ['go to home', 'open calendar', 'open action tracker', 'go to approvals', 'go to organization']) expect(screen.getByText(phrase)).toBeTruthy();
  });
});
