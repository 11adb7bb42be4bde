import { Injectable } from '@nestjs/common';
import { Routes, SEARCH_LIMIT } from '@app/contracts';
import { Bus } from '@app/platform';
import { Implements, type RouteContext, type RouteResult } from '../core/routes';
import { SEARCH_SOURCES, searchSources } from './search-fanout';

/**
 * `GET /api/search` (docs/search.md): each service searches what it owns with its own visibility rules
 * (`meeting.v1.search`, `minutes.v1.search`, `library.v1.search-files`), asked in parallel (search-fanout.ts); the
 * gateway only picks the services the `kind` concerns, orders the groups by SEARCH_KINDS and says which kinds are
 * missing when a service did not answer.
 */
@Injectable()
export class SearchGatewayRoutes {
  constructor(private readonly bus: Bus) {}

  @Implements(Routes.search)
  async search({ call, query }: RouteContext<typeof Routes.search>): Promise<RouteResult<typeof Routes.search>> {
    const { groups, missing } = await searchSources(this.bus, SEARCH_SOURCES, { orgId: call.orgId, actor: call.actor, q: query.q, limit: SEARCH_LIMIT }, query.kind);
    return { q: query.q, groups, missing };
  }
}
