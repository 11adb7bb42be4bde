import { Routes, type FileChanges } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useApi } from '../../hooks/use-api';
import { changeCounts, changedPages, pageChange } from './changes-rules';

/**
 * What changed since the version the reader opened before (docs/library.md#what-changed), above the PDF viewer's
 * pages: the counts, a button per changed or new page, and the shown page's word changes (removed struck through,
 * added underlined). Nothing when there is nothing to compare with or nothing changed.
 */
export function ChangesBanner(props: { fileId: number; meetingId: number | null; page: number; goTo(page: number): void }) {
  const { t } = useTranslation('viewer');
  const c = useApi('library/changes', [props.fileId, props.meetingId], () =>
    api(Routes.fileChanges, { params: { id: props.fileId }, query: props.meetingId ? { meeting_id: props.meetingId } : {}, notify: false }),
    { revalidateOnFocus: false },
  ).data as FileChanges | undefined;
  const counts = changeCounts(c);
  if (!c || c.since === null || !c.ready || counts.changed + counts.added + counts.removed === 0) return null;
  const here = pageChange(c, props.page);
  return (
    <section className="pdf-changes" aria-label={t('changes.title', { version: c.since })} data-testid="pdf-changes">
      <p className="pdf-changes__head">
        <strong>{t('changes.title', { version: c.since })}</strong> <span data-testid="pdf-changes-counts">{t('changes.counts', counts)}</span>
      </p>
      <div className="pdf-changes__pages">
        {changedPages(c).map((p) => (
          <button key={p.page} type="button" className={`pdf-changes__page pdf-changes__page--${p.status}`} aria-current={p.page === props.page ? 'page' : undefined} onClick={() => props.goTo(p.page!)} data-testid={`pdf-changes-page-${p.page}`}>
            {t(p.status === 'added' ? 'changes.added' : 'changes.changed', { page: p.page })}
          </button>
        ))}
      </div>
      {here?.status === 'added' && <p data-testid="pdf-changes-here">{t('changes.newPage')}</p>}
      {here?.status === 'changed' && (
        <p className="pdf-changes__text" dir="auto" data-testid="pdf-changes-here">
          {here.changes.map((x, i) =>
            x.op === 'added' ? (
              <ins key={i}>
                <span className="sr-only">{t('changes.insertion')} </span>
                {x.text}{' '}
              </ins>
            ) : x.op === 'removed' ? (
              <del key={i}>
                <span className="sr-only">{t('changes.deletion')} </span>
                {x.text}{' '}
              </del>
            ) : (
              <span key={i}>{x.text} </span>
            ),
          )}
        </p>
      )}
    </section>
  );
}
