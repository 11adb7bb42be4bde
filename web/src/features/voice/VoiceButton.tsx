import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
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

/** why the typed fallback opened: no SpeechRecognition at all, or listening failed (no microphone, no permission, …) */
type Fallback = 'unsupported' | 'failed' | null;

/**
 * The header's microphone: listens for one phrase in the interface's recognition language and runs it
 * (docs/product/voice.md). Where the browser cannot listen, or listening fails (no microphone, permission refused,
 * no speech service), the button opens a small dialog instead: it says why, takes the command typed, and links to
 * the voice help page.
 */
export function VoiceButton(props: { asMenuItem?: boolean } = {}) {
  const { t: shell } = useTranslation('shell');
  const { i18n } = useTranslation();
  const lang = parseLang(i18n.language);
  const text = helpTextOf(lang);
  const [supported] = useState(() => voiceSupported());
  const [listening, setListening] = useState(false);
  const [stop, setStop] = useState<(() => void) | null>(null);
  const [fallback, setFallback] = useState<Fallback>(null);
  const [typed, setTyped] = useState('');
  useEffect(() => () => stop?.(), [stop]);
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
    if (!supported) {
      setFallback('unsupported');
      return;
    }
    if (listening) {
      stop?.();
      return;
    }
    setListening(true);
    setStop(() =>
      listenOnce(voiceLangOf(lang), run, () => setListening(false), undefined, (error) => {
        // the user's own stop is no failure
        if (error !== 'aborted') setFallback('failed');
      }),
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const command = typed.trim();
    if (!command) return;
    setFallback(null);
    setTyped('');
    run(command);
  };
  return (
    <>
      {props.asMenuItem ? (
        // the phone header's "More" list: the same button, named by its visible text
        <button
          type="button" className="menu-button" aria-pressed={listening} aria-haspopup={supported ? undefined : 'dialog'}
          data-testid="voice-button" data-supported={supported ? 'true' : 'false'} onClick={toggle}
        >
          <i className={listening ? 'pi pi-spin pi-spinner' : 'pi pi-microphone'} aria-hidden="true" /> {text.listen}
        </button>
      ) : (
        <Button
          type="button" icon={listening ? 'pi pi-spin pi-spinner' : 'pi pi-microphone'} rounded text aria-label={text.listen} title={text.listen}
          aria-pressed={listening} aria-haspopup={supported ? undefined : 'dialog'} data-testid="voice-button" data-supported={supported ? 'true' : 'false'} onClick={toggle}
        />
      )}
      <Dialog header={text.listen} visible={fallback !== null} onHide={() => setFallback(null)} style={{ width: 'min(460px, 96vw)' }} data-testid="voice-fallback">
        <p role="status" data-testid="voice-fallback-reason">
          {fallback === 'unsupported' ? text.unsupported : shell('voice.failed')}
        </p>
        <form onSubmit={submit} className="flex flex-column gap-2">
          <label htmlFor="voice-typed" className="field__label">
            {shell('voice.typeLabel')}
          </label>
          <div className="flex gap-2">
            <InputText id="voice-typed" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={text.rows[0][0]} dir="auto" className="flex-1" autoFocus data-testid="voice-typed" />
            <Button type="submit" label={shell('voice.run')} disabled={!typed.trim()} data-testid="voice-typed-run" />
          </div>
        </form>
        <p className="mb-0">
          <a
            href={VOICE_HELP_PATH}
            onClick={(e) => {
              e.preventDefault();
              setFallback(null);
              navigateTo(VOICE_HELP_PATH);
            }}
            data-testid="voice-help-link"
          >
            {shell('voice.help')}
          </a>
        </p>
      </Dialog>
    </>
  );
}
