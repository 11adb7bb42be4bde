import { api, dataOf } from './client';
import { arr, bool, num, obj, pick, str, strOrNull } from './fields';
import { pageOf, type Page } from './paging';
import { imageUrl } from './profile';
import { mapRef, type Ref } from './users';

/** News posts (platform.md §3: title, URL, description, committee, media, likes, comments). */
export interface NewsComment {
  id: number;
  comment: string;
  user: { name: string; image: string | null };
  createdAt: string | null;
}
export interface NewsPost {
  id: number;
  title: string;
  url: string;
  description: string;
  committee: Ref | null;
  media: string[];
  likes: number;
  liked: boolean;
  comments: NewsComment[];
  commentsCount: number;
  author: { name: string; image: string | null };
  canDelete: boolean;
  createdAt: string | null;
}

export function mapComment(raw: unknown): NewsComment {
  const o = obj(raw);
  const u = obj(o.user);
  return {
    id: num(o.id),
    comment: str(pick(o, 'comment', 'body', 'text')),
    user: { name: str(pick(u, 'name') ?? o.user_name), image: imageUrl(strOrNull(pick(u, 'image', 'avatar') ?? o.user_image)) },
    createdAt: strOrNull(o.created_at),
  };
}

function mediaUrl(m: unknown): string {
  if (typeof m === 'string') return imageUrl(m) ?? '';
  const o = obj(m);
  return imageUrl(strOrNull(pick(o, 'url', 'file_url', 'path', 'file'))) ?? '';
}

export function mapPost(raw: unknown): NewsPost {
  const o = obj(raw);
  const likes = pick(o, 'likes_count', 'likes');
  const comments = arr(o.comments).map(mapComment);
  return {
    id: num(o.id),
    title: str(o.title),
    url: str(pick(o, 'url', 'link')),
    description: str(o.description),
    committee: o.committee ? mapRef(o.committee) : null,
    media: arr(pick(o, 'media', 'photos', 'images')).map(mediaUrl).filter(Boolean),
    likes: Array.isArray(likes) ? likes.length : num(likes),
    liked: bool(pick(o, 'liked', 'is_liked')),
    comments,
    commentsCount: num(o.comments_count, comments.length),
    author: typeof o.author === 'string' ? { name: o.author, image: null } : { name: str(pick(obj(o.author ?? o.user), 'name')), image: imageUrl(strOrNull(pick(obj(o.author ?? o.user), 'image'))) },
    canDelete: o.can_delete === undefined ? false : bool(o.can_delete),
    createdAt: strOrNull(o.created_at),
  };
}

export interface NewsInput {
  title: string;
  url: string;
  description: string;
  committee_id: number | null;
  /** the photos (png/jpeg), sent in the same multipart request as `media` */
  media: File[];
}

export const newsApi = {
  list: async (q: { page: number; per_page: number }): Promise<Page<NewsPost>> => pageOf(await api.get('/news', { ...q }), mapPost),
  /** POST /api/news (multipart: title, url, description, committee_id, media files) */
  create: async (input: NewsInput) => {
    const form = new FormData();
    form.append('title', input.title);
    form.append('url', input.url);
    form.append('description', input.description);
    if (input.committee_id !== null) form.append('committee_id', String(input.committee_id));
    for (const file of input.media) form.append('media', file);
    return strOrNull(obj(await api.post('/news', form)).message);
  },
  /** POST /api/news/{id}/like likes, DELETE takes the like back */
  like: async (id: number, like: boolean) => mapPost(dataOf(like ? await api.post(`/news/${id}/like`) : await api.delete(`/news/${id}/like`))),
  /** POST /api/news/{id}/comments { comment } */
  comment: async (id: number, comment: string) => strOrNull(obj(await api.post(`/news/${id}/comments`, { comment })).message),
};
