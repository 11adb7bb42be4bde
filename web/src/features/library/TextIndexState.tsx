import { useTranslation } from 'react-i18next';
import type { LibraryDetails } from '../../api/library';

type TextIndex = NonNullable<LibraryDetails['text_index']>;

/** what the reader is told of a file's text: read (searchable), read only in part, being read, or not readable */
export type TextIndexShown = 'pending' | 'done' | 'truncated' | 'failed';

/**
 * The state of a file's text as the search sees it (docs/search.md#text-inside-files): `pending` while its job waits
 * or runs, `done`, `truncated` (done, but only its beginning is searched), `failed`; null when the file has no text
 * to read (audio, folders: `none`).
 */
export function textIndexShown(t: TextIndex | null): TextIndexShown | null {
  if (!t) return null;
  switch (t.status) {
    case 'pending':
    case 'processing': return 'pending';
    case 'done': return t.truncated ? 'truncated' : 'done';
    case 'failed': return 'failed';
    default: return null;
  }
}

const ICON: Record<TextIndexShown, string> = { pending: 'pi pi-spin pi-spinner', done: 'pi pi-check-circle', truncated: 'pi pi-exclamation-circle', failed: 'pi pi-times-circle' };

/** A file's text state, a short label with an icon (search results, the details drawer). */
export function TextIndexState(props: { textIndex: TextIndex | null; testId: string }) {
  const { t } = useTranslation('library');
  const shown = textIndexShown(props.textIndex);
  if (!shown) return null;
  return (
    <span className={`text-index text-index--${shown}`} data-testid={props.testId} data-state={shown}>
      <i className={ICON[shown]} aria-hidden="true" /> {t(`textIndex.${shown}`, { count: props.textIndex?.pages ?? 0 })}
    </span>
  );
}
