import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { SEARCH_KINDS, zSearchKind, type SearchKind } from '@app/contracts';
import { searchApi, type SearchResult, type SearchResultGroup } from '../../api/search';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi } from '../../hooks/use-api';
import { formatDate } from '../../lib/dates';
import { TextIndexState } from '../library/TextIndexState';
import { resultLink } from './search-links';

/** the query the route asks for: 2..200 characters after trimming (zSearchQuery) */
export const MIN_QUERY = 2;

/** the passage with its match marked */
function Passage(props: { passage: SearchResult['passage'] }) {
  const { text, start, end } = props.passage;
  if (end <= start) return <span>{text}</span>;
  return (
    <span>
      {text.slice(0, start)}
      <mark>{text.slice(start, end)}</mark>
      {text.slice(end)}
    </span>
  );
}

function Result(props: { r: SearchResult }) {
  const { t, i18n } = useTranslation('search');
  const { r } = props;
  const to = resultLink(r);
  const title = r.kind === 'comment' ? t('commentIn', { meeting: r.title }) : r.kind === 'minutes' ? t('minutesOn', { item: r.title }) : r.title;
  return (
    <li className="search-result" data-testid={`search-result-${r.kind}-${r.id}`}>
      <div className="search-result__title">
        {to ? <Link to={to} dir="auto" data-testid={`search-open-${r.kind}-${r.id}`}>{title}</Link> : <span dir="auto">{title}</span>}
        {r.page !== null && <span className="search-result__page" data-testid={`search-page-${r.kind}-${r.id}`}>{t('page', { page: r.page })}</span>}
      </div>
      {r.kind === 'file' && <TextIndexState textIndex={r.text_index} testId={`search-text-index-${r.id}`} />}
      <p className="search-result__passage" dir="auto">
        <Passage passage={r.passage} />
      </p>
      <p className="search-result__meta">
        {r.kind !== 'meeting' && r.meeting_title && <span>{t('inMeeting', { meeting: r.meeting_title })}</span>}
        {r.date && <span>{formatDate(r.date, i18n.language)}</span>}
      </p>
    </li>
  );
}

function Group(props: { g: SearchResultGroup }) {
  const { t } = useTranslation('search');
  const { g } = props;
  const headingId = `search-group-${g.kind}`;
  return (
    <section className="search-group card" aria-labelledby={headingId} data-testid={headingId}>
      <h2 id={headingId} className="search-group__title">
        {t(`kind.${g.kind}`)} <span className="search-group__count">({g.has_more ? `${g.items.length}+` : g.items.length})</span>
      </h2>
      <ul className="search-group__list">
        {g.items.map((r) => (
          <Result key={`${r.kind}-${r.id}`} r={r} />
        ))}
      </ul>
      {g.has_more && <p className="search-group__more">{t('more')}</p>}
    </section>
  );
}

/** the kinds a service did not answer this time (the answer's `missing`): the results may lack them; try again */
function Missing(props: { kinds: readonly SearchKind[]; onRetry(): void }) {
  const { t, i18n } = useTranslation('search');
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(props.kinds.map((k) => t(`kind.${k}`)));
  return (
    <div className="search-page__missing" role="status" data-testid="search-missing">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{t('missing', { kinds: names })}</span>
      <Button type="button" size="small" text label={t('retry')} onClick={props.onRetry} data-testid="search-missing-retry" />
    </div>
  );
}

/** `/app/search?q=&kind=`: what the header's search box found, grouped by kind (docs/search.md). */
export function SearchPage() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const kindParam = zSearchKind.safeParse(params.get('kind'));
  const kind: SearchKind | undefined = kindParam.success ? kindParam.data : undefined;
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const ready = q.length >= MIN_QUERY;
  const { data, error, isLoading, mutate } = useApi(ready ? 'search' : null, [q, kind ?? ''], () => searchApi.search(q.slice(0, 200), kind), { keepPreviousData: true });

  const go = (next: { q?: string; kind?: SearchKind | null }) => {
    const p = new URLSearchParams();
    p.set('q', next.q ?? q);
    const k = next.kind === undefined ? kind : next.kind;
    if (k) p.set('kind', k);
    setParams(p);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: text.trim() });
  };

  return (
    <div className="page search-page" data-testid="search-page">
      <PageHeader title={t('title')} subtitle={ready ? t('subtitle', { q }) : undefined} />
      <form className="search-page__form" role="search" onSubmit={submit}>
        <InputText value={text} onChange={(e) => setText(e.target.value)} maxLength={200} aria-label={t('label')} placeholder={t('placeholder')} data-testid="search-page-input" />
        <Button type="submit" icon="pi pi-search" label={t('submit')} data-testid="search-page-submit" />
      </form>
      <nav className="search-page__kinds" aria-label={t('kinds')}>
        <Button type="button" size="small" outlined={!!kind} label={t('kind.all')} aria-pressed={!kind} onClick={() => go({ kind: null })} data-testid="search-kind-all" />
        {SEARCH_KINDS.map((k) => (
          <Button key={k} type="button" size="small" outlined={kind !== k} label={t(`kind.${k}`)} aria-pressed={kind === k} onClick={() => go({ kind: k })} data-testid={`search-kind-${k}`} />
        ))}
      </nav>
      {ready && data && data.missing.length > 0 && <Missing kinds={data.missing} onRetry={() => void mutate()} />}
      {!ready ? (
        <EmptyState icon="pi pi-search" title={t('tooShort', { min: MIN_QUERY })} testId="search-too-short" />
      ) : error && !data ? (
        <ErrorState error={error} onRetry={() => void mutate()} testId="search-error" />
      ) : isLoading && !data ? (
        <Loading />
      ) : !data || data.groups.length === 0 ? (
        <EmptyState icon="pi pi-search" title={t('empty', { q })} description={t('emptyHint')} testId="search-empty" />
      ) : (
        <div className="search-page__groups" data-testid="search-results">
          {data.groups.map((g) => (
            <Group key={g.kind} g={g} />
          ))}
        </div>
      )}
    </div>
  );
}
