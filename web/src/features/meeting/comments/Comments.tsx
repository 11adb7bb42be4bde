import type { Comment, CommentKind } from '@app/contracts';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { commentsApi } from '../../../api/meetings';
import { notify } from '../../../api/notify';
import { UserAvatar } from '../../../components/Avatar';
import { formatDateTime } from '../../../lib/dates';

export const COMMENT_ADDED = 'Comment added successfully';
export const COMMENT_NOTIFIED = 'Participants have been notified via email';
export const COMMENT_FAILED = 'Failed to add comment';

/** what the comment box sends: the text trimmed, or null when it is blank (nothing is sent) */
export function commentToSend(text: string): string | null {
  const t = text.trim();
  return t.length ? t : null;
}

/** Enter sends; Shift+Enter (and IME composition) adds a line */
export function isSendKey(e: Pick<KeyboardEvent, 'key' | 'shiftKey'> & { nativeEvent?: { isComposing?: boolean } }): boolean {
  return e.key === 'Enter' && !e.shiftKey && !e.nativeEvent?.isComposing;
}

export interface CommentsProps {
  /** what is commented on: talkingpoints, subpoints, decisions or actions */
  kind: CommentKind;
  itemId: number;
  /** the comments of the item as the server sent them */
  comments: Comment[];
  /** the server's can_comment flag of the item */
  canComment: boolean;
  /** the people e-mailed about a new comment (POST …/comment/{id}/notify); none: no e-mail */
  participants?: Array<{ user_id: number } | { user_email: string }>;
  /** a guest's link token */
  guestToken?: string;
  /** after a comment was added or deleted (the page refreshes the item) */
  onChanged?(): void;
}

type Shown = Comment & { pending?: boolean };

/**
 * Comments of an agenda item: the list, a 2-4 row box (Enter sends, Shift+Enter adds a line), the
 * comment shown at once and removed again when the server refuses it; 'Comment added successfully',
 * then 'Participants have been notified via email' once the e-mail went out.
 */
export function Comments(props: CommentsProps) {
  const { t, i18n } = useTranslation('meeting');
  const [text, setText] = useState('');
  const [list, setList] = useState<Shown[]>(props.comments);
  const seq = useRef(-1);
  useEffect(() => setList(props.comments), [props.comments]);

  const send = async () => {
    const body = commentToSend(text);
    if (body === null) return;
    const tempId = seq.current--;
    const now = new Date();
    const optimistic: Shown = {
      id: tempId, comment: body, body, content: body, commented_type: props.kind, commented_id: props.itemId, user_id: null, user_email: null,
      user_name: t('comments.you'), user_image: null, created_at: now.toISOString(), can_delete: false, pending: true,
    };
    setList((l) => [...l, optimistic]);
    setText('');
    try {
      const { data, message } = await commentsApi.add(props.kind, props.itemId, body, props.guestToken);
      setList((l) => l.map((c) => (c.id === tempId ? data : c)));
      notify('success', message ?? t(COMMENT_ADDED));
      if (props.participants?.length) {
        try {
          const n = await commentsApi.notify(props.kind, props.itemId, data.id, props.participants, props.guestToken);
          notify('success', n.message ?? t(COMMENT_NOTIFIED));
        } catch {
          /* the comment is saved; the e-mail failure was shown by the request layer's toast */
        }
      }
      props.onChanged?.();
    } catch (err) {
      setList((l) => l.filter((c) => c.id !== tempId));
      const e = err as { serverMessage?: string; message?: string };
      notify('error', e?.serverMessage || e?.message || t(COMMENT_FAILED));
    }
  };

  const remove = async (c: Comment) => {
    try {
      const { message } = await commentsApi.remove(c.id, props.guestToken);
      setList((l) => l.filter((x) => x.id !== c.id));
      notify('success', message ?? t('comments.deleted'));
      props.onChanged?.();
    } catch (err) {
      notify('error', (err as Error).message);
    }
  };

  return (
    <section className="comments" data-testid={`comments-${props.kind}-${props.itemId}`}>
      <h4 className="comments__title">{t('comments.title')}</h4>
      {list.length === 0 && <p className="muted">{t('comments.empty')}</p>}
      <ul className="comments__list">
        {list.map((c) => (
          <li key={c.id} className={`comments__item${c.pending ? ' comments__item--pending' : ''}`} data-testid="comment">
            <UserAvatar name={c.user_name ?? c.user_email ?? '?'} image={c.user_image} size="normal" />
            <div className="comments__body">
              <div className="comments__meta">
                <strong>{c.user_name ?? c.user_email}</strong>
                <small className="muted">{formatDateTime(c.created_at, i18n.language)}</small>
                {c.can_delete && !c.pending && (
                  <Button type="button" icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={t('comments.delete')} onClick={() => void remove(c)} />
                )}
              </div>
              <p className="comments__text">{c.comment}</p>
            </div>
          </li>
        ))}
      </ul>
      {props.canComment && (
        <div className="comments__box">
          <InputTextarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (isSendKey(e)) {
                e.preventDefault();
                void send();
              }
            }}
            rows={2}
            autoResize
            className="comments__input"
            placeholder={t('comments.placeholder')}
            aria-label={t('comments.placeholder')}
            data-testid="comment-input"
          />
          <Button type="button" icon="pi pi-send" rounded aria-label={t('comments.send')} onClick={() => void send()} disabled={commentToSend(text) === null} data-testid="comment-send" />
        </div>
      )}
    </section>
  );
}
