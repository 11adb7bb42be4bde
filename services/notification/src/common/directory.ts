import { Injectable } from '@nestjs/common';
import { AppError, GetOrganization, type Recipient } from '@app/contracts';
import { Bus, TtlCache } from '@app/platform';
import { NotificationDb } from './notification-db';
import { DirectoryRepository, type OrgCopy, type UserCopy } from '../repositories/directory.repository';
import { currentRecipients } from '../rules/recipients';

/** How long an organization read from the local copy is kept in memory (libs/platform TtlCache; another process's update shows after this). */
const ORG_CACHE_MS = 30_000;
const ORG_CACHE_MAX = 10_000;

/**
 * Organization and user look-ups for e-mail. The local copy (fed by organization events) answers
 * first; an organization missing from it is asked of the organization service once and stored.
 * Organizations are also kept in memory for ORG_CACHE_MS (an e-mail burst to 400 members reads the
 * organization once, not 400 times); an OrganizationUpdated event seen here replaces the entry at once.
 */
@Injectable()
export class DirectoryService {
  private readonly orgs = new TtlCache<OrgCopy>({ ttlMs: ORG_CACHE_MS, max: ORG_CACHE_MAX });

  constructor(private readonly db: NotificationDb, private readonly repo: DirectoryRepository, private readonly bus: Bus) {}

  /** The organization; NOT_FOUND when the organization service does not know it either. */
  async org(orgId: string): Promise<OrgCopy> {
    const hit = this.orgs.get(orgId);
    if (hit) return hit;
    const local = await this.db.tenant(orgId, (s) => this.repo.getOrg(s));
    if (local) return this.remember(local);
    const { organization } = await this.bus.request(GetOrganization, { orgId });
    if (!organization) throw AppError.notFound('organization');
    const copy = { slug: organization.slug, name: organization.name, timeZone: organization.time_zone, logo: organization.logo, meetingReminderMinutes: organization.modules.meeting_reminder_minutes };
    await this.db.tenant(orgId, (s) => this.repo.upsertOrg(s, copy));
    return this.remember({ orgId, ...copy });
  }

  /**
   * How long before a meeting's start its participants are reminded (the organization's meeting_reminder_minutes,
   * docs/notification.md#meeting-reminders), from the local copy that OrganizationUpdated keeps (PUT /api/status
   * publishes it): read when a meeting is scheduled or moved, so a changed setting applies to the next meeting
   * scheduled or moved.
   */
  async meetingReminderMinutes(orgId: string): Promise<number> {
    return (await this.org(orgId)).meetingReminderMinutes;
  }

  /** The local copy of the organization as stored (no cache, no request): null when this service has none yet. */
  storedOrg(orgId: string): Promise<OrgCopy | null> {
    return this.db.tenant(orgId, (s) => this.repo.getOrg(s));
  }

  async saveOrg(orgId: string, org: Omit<OrgCopy, 'orgId'>): Promise<void> {
    await this.db.tenant(orgId, (s) => this.repo.upsertOrg(s, org));
    this.orgs.delete(orgId);
  }

  private remember(org: OrgCopy): OrgCopy {
    this.orgs.set(org.orgId, org);
    return org;
  }

  async saveUser(orgId: string, u: UserCopy): Promise<void> {
    await this.db.tenant(orgId, (s) => this.repo.upsertUser(s, { ...u, email: u.email.trim().toLowerCase() }));
  }

  /**
   * Recipients as they are now: a known user's current language is used, and a user who was
   * deactivated or deleted since is left out. Addresses nobody knows (guests) stay as given.
   */
  async current(orgId: string, recipients: Recipient[]): Promise<Recipient[]> {
    const emails = [...new Set(recipients.map((r) => r.email.trim().toLowerCase()))];
    const known = await this.db.tenant(orgId, (s) => this.repo.usersByEmail(s, emails));
    return currentRecipients(recipients, known);
  }
}
