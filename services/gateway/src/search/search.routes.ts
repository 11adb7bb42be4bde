import { Injectable } from '@nestjs/common';
import { LIBRARY_SEARCH_KINDS, MEETING_SEARCH_KINDS, Routes, SEARCH_KINDS, SEARCH_LIMIT, SearchLibraryFiles, SearchMeetingRecords, type SearchGroup, type SearchKind } from '@app/contracts';
import { Bus } from '@app/platform';
import { Implements, type RouteContext, type RouteResult } from '../core/routes';

/**
 * `GET /api/search` (docs/search.md): each service searches what it owns with its own visibility rules
 * (`meeting.v1.search`, `library.v1.search-files`), asked in parallel; the gateway only picks the services the
 * `kind` concerns and orders the groups by SEARCH_KINDS.
 */
@Injectable()
export class SearchGatewayRoutes {
  constructor(private readonly bus: Bus) {}

  @Implements(Routes.search)
  async search({ call, query }: RouteContext<typeof Routes.search>): Promise<RouteResult<typeof Routes.search>> {
    const base = { orgId: call.orgId, actor: call.actor, q: query.q, limit: SEARCH_LIMIT };
    const wanted = (kinds: readonly SearchKind[]) => kinds.filter((k) => !query.kind || query.kind === k);
    const meetingKinds = wanted(MEETING_SEARCH_KINDS);
    const libraryKinds = wanted(LIBRARY_SEARCH_KINDS);
    const answers = await Promise.all([
      meetingKinds.length ? this.bus.request(SearchMeetingRecords, { ...base, kinds: meetingKinds }) : { groups: [] },
      libraryKinds.length ? this.bus.request(SearchLibraryFiles, { ...base, kinds: libraryKinds }) : { groups: [] },
    ]);
    const groups: SearchGroup[] = answers.flatMap((a) => a.groups).filter((g) => g.items.length > 0);
    groups.sort((a, b) => SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind));
    return { q: query.q, groups };
  }
}
