import { useTranslation } from 'react-i18next';
import { FileIcon } from '../library/FileChip';
import './viewers.css';

/** Audio files (mp3, wav, ogg, m4a) play in the browser's own player. */
export function AudioPlayer(props: { url: string; name: string; type?: string | null }) {
  const { t } = useTranslation('viewer');
  return (
    <div className="audio-player" data-testid="audio-player">
      <FileIcon type={props.type ?? 'audio/mpeg'} name={props.name} />
      <audio controls preload="metadata" src={props.url} aria-label={props.name}>
        {t('audio.unsupported')}
      </audio>
    </div>
  );
}
