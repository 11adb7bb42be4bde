import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { parseLang } from '@app/contracts';
import { navigateTo } from '../../api/navigation';
import { notify } from '../../api/notify';
import { ROUTES } from '../../routes';
import { actionOf, helpTextOf } from './commands';
import { emitMeetingDraft } from './draft-events';
import { parseVoiceCommand } from './parse';
import { listenOnce, voiceLangOf, voiceSupported } from './speech';

/** where the voice help page is (the lead's router mounts VoiceHelpPage there) */
export const VOICE_HELP_PATH = ROUTES.voiceCommands;

/**
 * The header's microphone: listens for one phrase in the interface's recognition language and runs it
 * (docs/product/voice.md). Renders nothing where the browser has no SpeechRecognition.
 */
export function VoiceButton() {
  const { i18n } = useTranslation();
  const lang = parseLang(i18n.language);
  const text = helpTextOf(lang);
  const [supported] = useState(() => voiceSupported());
  const [listening, setListening] = useState(false);
  const [stop, setStop] = useState<(() => void) | null>(null);
  useEffect(() => () => stop?.(), [stop]);
  if (!supported) return null;
  const run = (heard: string) => {
    const a = actionOf(parseVoiceCommand(heard, voiceLangOf(lang)));
    if ('none' in a) notify('warn', text.notUnderstood, a.none);
    else if ('help' in a) navigateTo(VOICE_HELP_PATH);
    else {
      if ('draft' in a) emitMeetingDraft(a.draft);
      navigateTo(a.go);
    }
  };
  const toggle = () => {
    if (listening) {
      stop?.();
      return;
    }
    setListening(true);
    setStop(() => listenOnce(voiceLangOf(lang), run, () => setListening(false)));
  };
  return (
    <Button
      type="button" icon={listening ? 'pi pi-spin pi-spinner' : 'pi pi-microphone'} rounded text aria-label={text.listen} title={text.listen}
      aria-pressed={listening} data-testid="voice-button" onClick={toggle}
    />
  );
}
