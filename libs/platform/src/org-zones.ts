import { Inject, Injectable, type OnApplicationBootstrap, type Provider } from '@nestjs/common';
import { safeZone, type GetOrganization, type OrganizationUpdated } from '@app/contracts';
import { Bus } from './bus/bus.service';
import { Events } from './events/events.service';
import { TtlCache } from './ttl-cache';

/**
 * Where an organization's zone comes from: the organization service's GetOrganization, and OrganizationUpdated to
 * forget a changed one. The service passes the two definitions (`orgZonesProviders({ get: GetOrganization,
 * updated: OrganizationUpdated })`), so that what it asks of the broker is read from its own sources
 * (scripts/lib/contract-usage.ts).
 */
export interface OrgZoneSource {
  get: typeof GetOrganization;
  updated: typeof OrganizationUpdated;
}
export const ORG_ZONE_SOURCE = Symbol('ORG_ZONE_SOURCE');

/** a zone changes rarely, and every replica forgets a changed one at once (OrganizationUpdated, watched) */
const ZONE_TTL_MS = 10 * 60_000;
const ZONE_CACHE_MAX = 20_000;

/**
 * The organization's time zone for a service that does not hold it in its own rows (library, approval, minutes,
 * presentation): every date such a service answers is `serverDate(instant, await zones.of(orgId))`
 * (docs/decisions.md "Dates"). Cached (libs/platform TtlCache), one request per organization at a time; an unknown
 * organization or zone reads as UTC.
 */
@Injectable()
export class OrgZones implements OnApplicationBootstrap {
  private readonly zones = new TtlCache<string>({ ttlMs: ZONE_TTL_MS, max: ZONE_CACHE_MAX });
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(private readonly bus: Bus, private readonly events: Events, @Inject(ORG_ZONE_SOURCE) private readonly source: OrgZoneSource) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.watch(this.source.updated, (p) => this.forget(p.orgId));
  }

  /** the organization's zone (a known IANA zone, else 'UTC') */
  of(orgId: string): Promise<string> {
    const z = this.zones.get(orgId);
    if (z !== undefined) return Promise.resolve(z);
    let p = this.inflight.get(orgId);
    if (!p) {
      p = this.bus
        .request(this.source.get, { orgId })
        .then(({ organization }) => {
          const zone = safeZone(organization?.time_zone);
          this.zones.set(orgId, zone);
          return zone;
        })
        .finally(() => this.inflight.delete(orgId));
      this.inflight.set(orgId, p);
    }
    return p;
  }

  forget(orgId: string): void {
    this.zones.delete(orgId);
  }
}

/** the providers of OrgZones, with the service's own definitions of where a zone comes from */
export function orgZonesProviders(source: OrgZoneSource): Provider[] {
  return [{ provide: ORG_ZONE_SOURCE, useValue: source }, OrgZones];
}
