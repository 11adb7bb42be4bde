import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { annotationsApi, type AnnotationVisibility, type BookSourceAnnotation, type NewAnnotation, type SharedAnnotation } from '../../api/annotations';
import { openFileLive } from '../../api/live';
import type { Ref } from '../../api/users';
import { RefMultiSelect } from '../../components/RefSelect';
import { useApi } from '../../hooks/use-api';
import { useUserOptions } from '../organization/pickers';
import { sourceHref } from './annotations';

/** how soon a burst of live changes reloads the list (one load for several) */
const LIVE_DEBOUNCE_MS = 150;

/**
 * The shared annotations of a file for the viewer (docs/annotations.md#the-viewer): the list the caller may see,
 * reloaded when the file's live channel says a shared one changed, and the commands (add, share, reply, remove).
 */
export function useSharedAnnotations(itemId: number | null, meetingId: number | null) {
  const list = useApi(itemId ? 'library/annotations' : null, [itemId, meetingId], () => annotationsApi.list(itemId!, meetingId), { revalidateOnFocus: false });
  const { mutate } = list;
  useEffect(() => {
    if (!itemId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const close = openFileLive(itemId, meetingId, (m) => {
      if (m.type === 'annotation' || (m.type === 'ready' && m.resync)) {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          void mutate();
        }, LIVE_DEBOUNCE_MS);
      }
    });
    return () => {
      if (timer) clearTimeout(timer);
      close();
    };
  }, [itemId, meetingId, mutate]);
  const run = async (f: () => Promise<unknown>) => {
    try {
      await f();
    } finally {
      await mutate();
    }
  };
  return {
    items: list.data ?? [],
    loading: !list.data && !list.error,
    error: list.error as unknown,
    add: (body: NewAnnotation) => run(() => annotationsApi.create(itemId!, meetingId, body)),
    share: (id: number, visibility: AnnotationVisibility, people?: number[]) => run(() => annotationsApi.share(itemId!, meetingId, id, visibility, people)),
    reply: (id: number, text: string) => run(() => annotationsApi.reply(itemId!, meetingId, id, text)),
    remove: (id: number) => run(() => annotationsApi.remove(itemId!, meetingId, id)),
  };
}
export type SharedAnnotations = ReturnType<typeof useSharedAnnotations>;

function Reply(props: { onSend(text: string): Promise<unknown>; id: number }) {
  const { t } = useTranslation('viewer');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      await props.onSend(text.trim());
      setText('');
    } catch (e) {
      console.error('annotation reply', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ann-reply">
      <InputTextarea value={text} onChange={(e) => setText(e.target.value)} rows={1} autoResize aria-label={t('ann.replyLabel')} placeholder={t('ann.replyLabel')} data-testid={`ann-reply-text-${props.id}`} />
      <Button type="button" size="small" icon="pi pi-send" aria-label={t('ann.reply')} disabled={!text.trim() || busy} onClick={() => void send()} data-testid={`ann-reply-send-${props.id}`} />
    </div>
  );
}

const VISIBILITIES: readonly AnnotationVisibility[] = ['private', 'committee', 'people'];

/** the names of the people an annotation is shared with, as far as the options know them */
const namesOf = (ids: readonly number[], options: readonly Ref[] | undefined) =>
  ids.map((id) => options?.find((o) => o.id === id)?.name ?? `#${id}`).join(', ');

/** the author re-shares an annotation with named people: the picker with its current people, then Share */
function SharePeople(props: { a: SharedAnnotation; options: Ref[] | undefined; loading: boolean; onShare(people: number[]): Promise<unknown>; onDone(): void }) {
  const { t } = useTranslation('viewer');
  const [picked, setPicked] = useState<number[]>(props.a.visibility === 'people' ? props.a.people : []);
  const [busy, setBusy] = useState(false);
  const id = `ann-people-${props.a.id}`;
  const save = async () => {
    setBusy(true);
    try {
      await props.onShare(picked);
      props.onDone();
    } catch (e) {
      console.error('annotation share', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ann-people" data-testid={`ann-people-form-${props.a.id}`}>
      <label htmlFor={id} className="field-label">
        {t('ann.peopleFor')}
      </label>
      <RefMultiSelect id={id} value={picked} options={props.options} onChange={setPicked} loading={props.loading} placeholder={t('ann.peoplePlaceholder')} />
      <div className="ann-people__actions">
        <Button type="button" text size="small" label={t('ann.peopleCancel')} onClick={props.onDone} />
        <Button type="button" size="small" label={t('ann.peopleSave')} disabled={picked.length === 0 || busy} onClick={() => void save()} data-testid={`ann-people-save-${props.a.id}`} />
      </div>
    </div>
  );
}

/**
 * The side panel (a drawer on a phone): each annotation the reader may see, by page, with its author, its
 * visibility (private / committee / people), its replies and a reply box; the author shares or unshares it with
 * the committee, the author (or an administrator, a shared one) removes it. `visibility` is what new marks get.
 */
export function AnnotationsPanel(props: {
  shared: SharedAnnotations;
  page: number;
  visibility: AnnotationVisibility;
  onVisibility(v: AnnotationVisibility): void;
  /** the named people new marks are shared with when `visibility` is `people` */
  people: number[];
  onPeople(ids: number[]): void;
  onOpen(page: number): void;
  onClose(): void;
  /**
   * a board book's source files' marks at their pages in the book (docs/annotations.md#the-board-book): listed under
   * their own heading with the file's name, read-only here; a link opens the source file at the mark's page
   */
  sources?: { items: readonly BookSourceAnnotation[]; meetingId: number | null; /** false: a book made before its files were recorded (their marks cannot be placed) */ known?: boolean };
}) {
  const { t } = useTranslation('viewer');
  const { items, loading } = props.shared;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const act = (f: () => Promise<unknown>) => void f().catch((e: unknown) => console.error('annotation', e));
  const [sharing, setSharing] = useState<number | null>(null);
  const peopleShown = props.visibility === 'people' || sharing !== null || items.some((a) => a.visibility === 'people');
  const users = useUserOptions(peopleShown);
  const missing = props.visibility === 'people' && props.people.length === 0;
  return (
    <aside className="pdf-side ann-panel" aria-labelledby="ann-title" data-testid="ann-panel">
      <div className="ann-panel__head">
        <h2 id="ann-title" tabIndex={-1} ref={headingRef}>
          {t('ann.title')}
        </h2>
        <Button type="button" text rounded size="small" icon="pi pi-times" aria-label={t('ann.close')} onClick={props.onClose} data-testid="ann-close" />
      </div>
      <fieldset className="ann-visibility">
        <legend>{t('ann.newVisibility')}</legend>
        {VISIBILITIES.map((v) => (
          <label key={v} className="ann-visibility__option">
            <input type="radio" name="ann-visibility" value={v} checked={props.visibility === v} onChange={() => props.onVisibility(v)} data-testid={`ann-visibility-${v}`} />
            {t(`ann.visibility.${v}`)}
          </label>
        ))}
        {props.visibility === 'people' && (
          <div className="ann-people">
            <label htmlFor="ann-people-new" className="field-label">
              {t('ann.people')}
            </label>
            <RefMultiSelect id="ann-people-new" value={props.people} options={users.data} onChange={props.onPeople} invalid={missing} loading={!users.data && !users.error} placeholder={t('ann.peoplePlaceholder')} />
            {missing && (
              <small className="p-error block" data-testid="ann-people-new-error">
                {t('ann.peopleRequired')}
              </small>
            )}
          </div>
        )}
      </fieldset>
      <p className="ann-hint">{t('ann.hint')}</p>
      {loading ? null : items.length === 0 ? (
        <p className="pdf-side__empty" data-testid="ann-empty">
          {t('ann.empty')}
        </p>
      ) : (
        <ul className="ann-list" data-testid="ann-list">
          {items.map((a: SharedAnnotation) => (
            <li key={a.id} className={`ann-item${a.page === props.page ? ' ann-item--here' : ''}`} data-testid="ann-item" data-id={a.id} data-kind={a.kind} data-visibility={a.visibility}>
              <div className="ann-item__meta">
                <button type="button" className="ann-item__page" onClick={() => props.onOpen(a.page)} aria-label={t('ann.openPage', { page: a.page })}>
                  {t('page')} {a.page}
                </button>
                <span className="ann-item__kind">{t(`ann.kind.${a.kind}`)}</span>
                <span className={`ann-badge ann-badge--${a.visibility}`} data-testid="ann-visibility">
                  {t(`ann.visibility.${a.visibility}`)}
                </span>
                {a.orphaned && <span className="ann-badge">{t('ann.orphaned')}</span>}
              </div>
              <div className="ann-item__author">{a.author.name}</div>
              {a.visibility === 'people' && (
                <div className="ann-item__people" data-testid="ann-people">
                  {t('ann.sharedWith', { names: namesOf(a.people, users.data) })}
                </div>
              )}
              {a.quote && <blockquote className="ann-item__quote">{a.quote}</blockquote>}
              {a.text && (
                <p className="ann-item__text" data-testid="ann-text">
                  {a.text}
                </p>
              )}
              <div className="ann-item__actions">
                {a.can_edit &&
                  VISIBILITIES.filter((v) => v === 'people' || v !== a.visibility).map((v) => (
                    <Button
                      key={v}
                      type="button"
                      text
                      size="small"
                      label={t(`ann.shareAs.${v}`)}
                      aria-expanded={v === 'people' ? sharing === a.id : undefined}
                      onClick={() => (v === 'people' ? setSharing(sharing === a.id ? null : a.id) : act(() => props.shared.share(a.id, v)))}
                      data-testid={`ann-share-${v}-${a.id}`}
                    />
                  ))}
                {a.can_delete && <Button type="button" text size="small" severity="danger" icon="pi pi-trash" aria-label={t('ann.delete')} onClick={() => act(() => props.shared.remove(a.id))} data-testid={`ann-delete-${a.id}`} />}
              </div>
              {sharing === a.id && (
                <SharePeople a={a} options={users.data} loading={!users.data && !users.error} onShare={(people) => props.shared.share(a.id, 'people', people)} onDone={() => setSharing(null)} />
              )}
              {a.replies.length > 0 && (
                <ul className="ann-replies">
                  {a.replies.map((r) => (
                    <li key={r.id} data-testid="ann-reply">
                      <span className="ann-item__author">{r.author.name}</span> {r.text}
                    </li>
                  ))}
                </ul>
              )}
              <Reply id={a.id} onSend={(text) => props.shared.reply(a.id, text)} />
            </li>
          ))}
        </ul>
      )}
      {props.sources?.known === false && (
        <p className="ann-hint" role="note" data-testid="ann-sources-unknown">
          {t('ann.sources.unknown')}
        </p>
      )}
      {props.sources && props.sources.items.length > 0 && (
        <section className="ann-sources" aria-labelledby="ann-sources-title" data-testid="ann-sources">
          <h3 id="ann-sources-title">{t('ann.sources.title')}</h3>
          <p className="ann-hint">{t('ann.sources.hint')}</p>
          <ul className="ann-list" data-testid="ann-source-list">
            {props.sources.items.map((a) => (
              <li key={`${a.source.library_id}-${a.id}-${a.page}`} className={`ann-item ann-item--source${a.page === props.page ? ' ann-item--here' : ''}`} data-testid="ann-source-item" data-id={a.id} data-source={a.source.library_id} data-page={a.page}>
                <div className="ann-item__meta">
                  <button type="button" className="ann-item__page" onClick={() => props.onOpen(a.page)} aria-label={t('ann.openPage', { page: a.page })}>
                    {t('page')} {a.page}
                  </button>
                  <span className="ann-item__kind">{t(`ann.kind.${a.kind}`)}</span>
                  <span className={`ann-badge ann-badge--${a.visibility}`}>{t(`ann.visibility.${a.visibility}`)}</span>
                </div>
                <div className="ann-item__source" data-testid="ann-source-name">
                  {t('ann.sources.from', { name: a.source.name, page: a.source.page })}
                </div>
                <div className="ann-item__author">{a.author.name}</div>
                {a.quote && <blockquote className="ann-item__quote">{a.quote}</blockquote>}
                {a.text && <p className="ann-item__text">{a.text}</p>}
                {a.replies.length > 0 && (
                  <ul className="ann-replies">
                    {a.replies.map((r) => (
                      <li key={r.id}>
                        <span className="ann-item__author">{r.author.name}</span> {r.text}
                      </li>
                    ))}
                  </ul>
                )}
                <a href={sourceHref(a, props.sources!.meetingId)} className="ann-item__open" data-testid={`ann-source-open-${a.id}`}>
                  {t('ann.sources.open', { name: a.source.name })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
