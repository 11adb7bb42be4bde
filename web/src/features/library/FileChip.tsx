import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fileKind, formatSize, KIND_ICON, type FileKind } from './file-kinds';
import '../viewers/viewers.css';

/** The icon of a file's kind (pdf, word, excel, powerpoint, audio, e-mail, text, folder). */
export function FileIcon(props: { type: string | null | undefined; name?: string; kind?: FileKind }) {
  const kind = props.kind ?? fileKind(props.type, props.name);
  return <i className={`${KIND_ICON[kind]} file-icon file-icon--${kind}`} aria-hidden="true" data-kind={kind} />;
}

/** A file chip: type icon, name and size; a link to its viewer when `to` is given, a button when `onClick` is (its `label` names the action). */
export function FileChip(props: { name: string; type: string | null | undefined; size?: number | null; to?: string | null; testId?: string; onClick?: () => void; label?: string }) {
  const { i18n } = useTranslation();
  const body = (
    <>
      <FileIcon type={props.type} name={props.name} />
      <span className="file-chip__name" title={props.name}>
        {props.name}
      </span>
      {props.size !== undefined && props.size !== null && <span className="file-chip__size">{formatSize(props.size, i18n.language)}</span>}
    </>
  );
  if (props.onClick)
    return (
      <button type="button" className="file-chip file-chip--button" onClick={props.onClick} title={props.label} data-testid={props.testId ?? 'file-chip'}>
        {body}
      </button>
    );
  return props.to ? (
    <Link to={props.to} className="file-chip" data-testid={props.testId ?? 'file-chip'}>
      {body}
    </Link>
  ) : (
    <span className="file-chip" data-testid={props.testId ?? 'file-chip'}>
      {body}
    </span>
  );
}
