import { useTranslation } from 'react-i18next';
import { parseLang } from '@app/contracts';
import { PageHeader } from '../../components/PageHeader';
import { helpTextOf } from './commands';
import { voiceSupported } from './speech';

/** The voice commands help page: every phrase, in the recognition language of the interface. */
export function VoiceHelpPage() {
  const { i18n } = useTranslation();
  const text = helpTextOf(parseLang(i18n.language));
  return (
    <div data-testid="voice-help">
      <PageHeader title={text.title} subtitle={text.intro} />
      {!voiceSupported() && <p className="text-color-secondary">{text.unsupported}</p>}
      <h3>{text.navigate}</h3>
      <table className="w-full">
        <tbody>
          {text.rows.map(([phrase, page]) => (
            <tr key={phrase}>
              <td><q>{phrase}</q></td>
              <td>{page}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{text.dictate}</h3>
      <p><q>{text.dictateExample}</q></p>
      <p>{text.fields}</p>
      <p>{text.help}</p>
    </div>
  );
}
