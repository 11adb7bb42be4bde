import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { useTranslation } from 'react-i18next';
import { newsApi, type NewsInput, type NewsPost } from '../../api/news';
import { notify } from '../../api/notify';
import { UserAvatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi } from '../../hooks/use-api';
import { useCan } from '../../hooks/use-profile';
import { formatDateTime } from '../../lib/dates';
import { useCommitteeOptions } from '../organization/pickers';
import { NewsForm } from './NewsForm';

function Post(props: { post: NewsPost; onChanged: () => void }) {
  const { t, i18n } = useTranslation('news');
  const p = props.post;
  const [comment, setComment] = useState('');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const like = async () => {
    await newsApi.like(p.id, !p.liked);
    props.onChanged();
  };
  const send = async () => {
    if (!comment.trim()) return;
    setBusy(true);
    try {
      await newsApi.comment(p.id, comment.trim());
      setComment('');
      props.onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="news-post" data-testid={`news-post-${p.id}`}>
      <header className="news-post__head">
        <h2>{p.title}</h2>
        <small className="muted">
          {[p.author.name, p.committee?.name, formatDateTime(p.created_at, i18n.language)].filter(Boolean).join(' · ')}
        </small>
      </header>
      {p.media.length > 0 && (
        <div className="news-post__media">
          {p.media.map((src) => (
            <img key={src} src={src} alt="" loading="lazy" />
          ))}
        </div>
      )}
      <p className="news-post__text">{p.description}</p>
      {p.url && (
        <a href={/^https?:\/\//.test(p.url) ? p.url : `https://${p.url}`} target="_blank" rel="noreferrer noopener">
          {p.url}
        </a>
      )}
      <footer className="news-post__actions">
        <Button type="button" text icon={p.liked ? 'pi pi-heart-fill' : 'pi pi-heart'} label={t('likes', { count: p.likes })} onClick={like} aria-pressed={p.liked} />
        <Button type="button" text icon="pi pi-comments" label={t('comments', { count: p.comments_count })} onClick={() => setOpen(!open)} aria-expanded={open} />
      </footer>
      {open && (
        <section className="news-post__comments">
          {p.comments.map((c) => (
            <div key={c.id} className="comment">
              <UserAvatar name={c.user_name} image={c.user_image} />
              <div>
                <strong>{c.user_name}</strong> <small className="muted">{formatDateTime(c.created_at, i18n.language)}</small>
                <p>{c.comment}</p>
              </div>
            </div>
          ))}
          <div className="comment-form">
            <InputText value={comment} onChange={(e) => setComment(e.target.value)} placeholder={t('writeComment')} aria-label={t('writeComment')} onKeyDown={(e) => e.key === 'Enter' && void send()} />
            <Button type="button" icon="pi pi-send" aria-label={t('send')} onClick={send} disabled={!comment.trim() || busy} className="flip-rtl" />
          </div>
        </section>
      )}
    </article>
  );
}

export function NewsPage() {
  const { t } = useTranslation('news');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const can = useCan();
  const perPage = 10;
  const { data, isLoading, mutate } = useApi('news', [page, perPage], () => newsApi.list({ page, per_page: perPage }), { keepPreviousData: true });
  const committees = useCommitteeOptions(creating);

  const create = async (input: NewsInput) => {
    notify('success', (await newsApi.create(input)) ?? t('added'));
    setCreating(false);
    await mutate();
  };

  return (
    <div data-testid="news-page">
      <PageHeader title={t('title')} actions={can('news_manage') && <Button type="button" icon="pi pi-plus" label={t('new')} onClick={() => setCreating(true)} data-testid="news-create" />} />
      {isLoading && !data ? (
        <Loading />
      ) : !data?.items.length ? (
        <EmptyState icon="pi pi-megaphone" title={t('empty')} description={t('emptyText')} />
      ) : (
        <>
          <div className="news-list">
            {data.items.map((p) => (
              <Post key={p.id} post={p} onChanged={() => void mutate()} />
            ))}
          </div>
          {data.meta.total > perPage && <Paginator first={(page - 1) * perPage} rows={perPage} totalRecords={data.meta.total} onPageChange={(e) => setPage(e.page + 1)} />}
        </>
      )}
      <Dialog visible={creating} onHide={() => setCreating(false)} header={t('newTitle')} style={{ width: 'min(640px, 95vw)' }}>
        {creating && <NewsForm committees={committees.data} onSubmit={create} onCancel={() => setCreating(false)} />}
      </Dialog>
    </div>
  );
}
