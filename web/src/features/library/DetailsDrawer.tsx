import { useEffect, useState } from 'react';
import { Sidebar } from 'primereact/sidebar';
import { useTranslation } from 'react-i18next';
import type { LibraryDetails } from '../../api/library';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { formatDateTime } from '../../lib/dates';
import { DownloadPolicyControl } from './DownloadPolicyControl';
import { FileIcon } from './FileChip';
import { formatSize } from './file-kinds';
import { TextIndexState, textIndexShown } from './TextIndexState';

/** A file's details: title, type, size, owner, modified, created, version, its text for the search, shared with, used in. */
export function DetailsDrawer(props: { id: number | null; onHide(): void; load(id: number): Promise<LibraryDetails> }) {
  const { t, i18n } = useTranslation('library');
  const [data, setData] = useState<LibraryDetails | null>(null);
  const [error, setError] = useState<unknown>(null);
  const id = props.id;

  useEffect(() => {
    if (id === null) return;
    setData(null);
    setError(null);
    props.load(id).then(setData, setError);
    // load comes from the page; the drawer reloads when it opens on another file
  }, [id]);

  return (
    <Sidebar visible={id !== null} onHide={props.onHide} position={i18n.dir() === 'rtl' ? 'left' : 'right'} style={{ width: 420 }} header={t('details')} data-testid="details-drawer">
      {error ? (
        <ErrorState error={error} />
      ) : !data ? (
        <Loading />
      ) : (
        <dl className="details-list" data-testid="details-list">
          <dt>{t('d.title')}</dt>
          <dd>
            <FileIcon type={data.type} name={data.name} kind={data.kind} /> {data.name}
          </dd>
          <dt>{t('d.type')}</dt>
          <dd>{data.type}</dd>
          <dt>{t('d.size')}</dt>
          <dd>{data.kind === 'folder' ? '' : formatSize(data.size, i18n.language)}</dd>
          <dt>{t('d.owner')}</dt>
          <dd>{data.owner?.name ?? ''}</dd>
          <dt>{t('d.modified')}</dt>
          <dd>{formatDateTime(data.updated_at, i18n.language)}</dd>
          <dt>{t('d.created')}</dt>
          <dd>{formatDateTime(data.created_at, i18n.language)}</dd>
          {data.kind !== 'folder' && (
            <>
              <dt>{t('d.version')}</dt>
              <dd data-testid="details-version">{t('d.versionOf', { version: data.version, count: data.versions.length })}</dd>
            </>
          )}
          {textIndexShown(data.text_index) && (
            <>
              <dt>{t('d.textIndex')}</dt>
              <dd>
                <TextIndexState textIndex={data.text_index} testId="details-text-index" />
              </dd>
            </>
          )}
          <dt>{t('d.sharedWith')}</dt>
          <dd data-testid="details-shared">{data.shared_with.length ? data.shared_with.map((u) => u.name).join(', ') : t('none')}</dd>
          <dt>{t('d.usedIn')}</dt>
          <dd data-testid="details-used">
            {data.used_in.length ? (
              <ul>
                {data.used_in.map((u, i) => (
                  <li key={`${u.type}-${u.id}-${i}`}>
                    {u.title}
                    {u.meeting_title ? ` (${u.meeting_title})` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              t('none')
            )}
          </dd>
          <dt>{t('policy.label')}</dt>
          <dd>
            <DownloadPolicyControl level={data.kind === 'folder' ? 'folder' : 'file'} id={data.id} />
          </dd>
        </dl>
      )}
    </Sidebar>
  );
}
