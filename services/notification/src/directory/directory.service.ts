import { Injectable } from '@nestjs/common';
import { AppError, GetOrganization, type Recipient } from '@app/contracts';
import { Bus } from '@app/platform';
import { NotificationDb } from '../common/notification-db';
import { DirectoryRepository, OrgCopy, UserCopy } from './directory.repository';

/**
 * Organization and user look-ups for e-mail. The local copy (fed by organization events) answers
 * first; an organization missing from it is asked of the organization service once and stored.
 */
@Injectable()
export class DirectoryService {
  constructor(private readonly db: NotificationDb, private readonly repo: DirectoryRepository, private readonly bus: Bus) {}

  /** The organization; NOT_FOUND when the organization service does not know it either. */
  async org(orgId: string): Promise<OrgCopy> {
    const local = await this.db.tenant(orgId, (s) => this.repo.getOrg(s));
    if (local) return local;
    const { organization } = await this.bus.request(GetOrganization, { orgId });
    if (!organization) throw AppError.notFound('organization');
    const copy = { slug: organization.slug, name: organization.name, timeZone: organization.time_zone, logo: organization.logo };
    await this.db.tenant(orgId, (s) => this.repo.upsertOrg(s, copy));
    return { orgId, ...copy };
  }

  async saveOrg(orgId: string, org: Omit<OrgCopy, 'orgId'>): Promise<void> {
    await this.db.tenant(orgId, (s) => this.repo.upsertOrg(s, org));
  }

  async saveUser(orgId: string, u: UserCopy): Promise<void> {
    await this.db.tenant(orgId, (s) => this.repo.upsertUser(s, { ...u, email: u.email.trim().toLowerCase() }));
  }

  /**
   * Recipients as they are now: a known user's current language is used, and a user who was
   * deactivated or deleted since is left out. Addresses nobody knows (guests) stay as given.
   */
  async current(orgId: string, recipients: Recipient[]): Promise<Recipient[]> {
    const byEmail = new Map<string, Recipient>();
    for (const r of recipients) byEmail.set(r.email.trim().toLowerCase(), r);
    const known = await this.db.tenant(orgId, (s) => this.repo.usersByEmail(s, [...byEmail.keys()]));
    for (const u of known) {
      if (u.status === 'Inactive' || u.status === 'Deleted') byEmail.delete(u.email);
      else byEmail.set(u.email, { ...byEmail.get(u.email)!, lang: u.lang });
    }
    return [...byEmail.values()];
  }
}
