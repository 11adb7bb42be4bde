import { LIBRARY_SEARCH_KINDS, MEETING_SEARCH_KINDS, MINUTES_SEARCH_KINDS, SEARCH_KINDS, SearchLibraryFiles, SearchMeetingRecords, SearchMinutes, type Actor, type SearchGroup, type SearchKind } from '@app/contracts';
import { logger, type Bus } from '@app/platform';

/** a service's search RPC (they share one request and reply: zServiceSearchRequest, zServiceSearchReply) */
export type SearchRpc = typeof SearchMeetingRecords;

/** who answers which kinds */
export interface SearchSource {
  rpc: SearchRpc;
  kinds: readonly SearchKind[];
}

export const SEARCH_SOURCES: readonly SearchSource[] = [
  { rpc: SearchMeetingRecords, kinds: MEETING_SEARCH_KINDS },
  { rpc: SearchMinutes, kinds: MINUTES_SEARCH_KINDS },
  { rpc: SearchLibraryFiles, kinds: LIBRARY_SEARCH_KINDS },
];

/**
 * The search box's fan-out (docs/search.md#when-a-service-does-not-answer): each source the `kind` concerns is asked
 * in parallel; a source that fails (it did not answer in time, no process listened, it answered an error) leaves
 * its kinds in `missing` and the others' groups are answered, in SEARCH_KINDS order, only those that found
 * something. When every source asked failed there is nothing to answer: the first failure is thrown.
 */
export async function searchSources(
  bus: Bus,
  sources: readonly SearchSource[],
  req: { orgId: string; actor: Actor; q: string; limit: number },
  kind?: SearchKind,
): Promise<{ groups: SearchGroup[]; missing: SearchKind[] }> {
  const asked = sources
    .map((s) => ({ source: s, kinds: s.kinds.filter((k) => !kind || kind === k) }))
    .filter((a) => a.kinds.length > 0);
  const answers = await Promise.allSettled(asked.map((a) => bus.request(a.source.rpc, { ...req, kinds: a.kinds })));
  const groups: SearchGroup[] = [];
  const missing: SearchKind[] = [];
  const failures: unknown[] = [];
  answers.forEach((a, i) => {
    if (a.status === 'fulfilled') {
      groups.push(...a.value.groups.filter((g) => g.items.length > 0));
      return;
    }
    failures.push(a.reason);
    missing.push(...asked[i].kinds);
    logger().warn({ err: a.reason, subject: asked[i].source.rpc.subject }, 'search: a service did not answer, its kinds are left out');
  });
  if (asked.length > 0 && failures.length === asked.length) throw failures[0];
  const order = (k: SearchKind) => SEARCH_KINDS.indexOf(k);
  groups.sort((a, b) => order(a.kind) - order(b.kind));
  missing.sort((a, b) => order(a) - order(b));
  return { groups, missing };
}
