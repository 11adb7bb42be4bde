import { Injectable } from '@nestjs/common';
import {
  CreateOrganization, FindUsersByEmail, ProvisionCommittee, ProvisionUser, GetActor, GetActors, GetCommittee, GetOrganization, GetUsers, ListUserCommittees, ResolveOrganization,
  type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { TenancyService } from './tenancy.service';
import { ProvisioningService } from './provisioning.service';

@Injectable()
export class TenancyHandlers {
  constructor(private readonly tenancy: TenancyService, private readonly provisioning: ProvisioningService) {}

  @Rpc(ResolveOrganization)
  async resolve(req: RequestOf<typeof ResolveOrganization>) {
    return { organization: await this.tenancy.resolve(req.slug) };
  }

  @Rpc(GetActor)
  async actor(req: RequestOf<typeof GetActor>) {
    return { actor: await this.tenancy.actor(req.orgId, req.userId) };
  }

  /** in the order asked; the look-ups join the organization's batch (one transaction) as concurrent GetActor calls do */
  @Rpc(GetActors)
  async actors(req: RequestOf<typeof GetActors>) {
    return { actors: await Promise.all(req.userIds.map((id) => this.tenancy.actor(req.orgId, id))) };
  }

  @Rpc(CreateOrganization)
  create(req: RequestOf<typeof CreateOrganization>) {
    return this.provisioning.createOrganization(req);
  }

  @Rpc(ProvisionUser)
  async provisionUser(req: RequestOf<typeof ProvisionUser>) {
    const { orgId, ...u } = req;
    return { userId: (await this.provisioning.ensureUser(orgId, u)).id };
  }

  @Rpc(ProvisionCommittee)
  async provisionCommittee(req: RequestOf<typeof ProvisionCommittee>) {
    const { orgId, ...c } = req;
    return { committeeId: await this.provisioning.ensureCommittee(orgId, c) };
  }

  @Rpc(GetUsers)
  async users(req: RequestOf<typeof GetUsers>) {
    return { users: await this.tenancy.usersByIds(req.orgId, req.ids) };
  }

  @Rpc(FindUsersByEmail)
  async usersByEmail(req: RequestOf<typeof FindUsersByEmail>) {
    return { users: await this.tenancy.usersByEmails(req.orgId, req.emails) };
  }

  @Rpc(GetCommittee)
  async committee(req: RequestOf<typeof GetCommittee>) {
    return { committee: await this.tenancy.committee(req.orgId, req.committeeId) };
  }

  @Rpc(ListUserCommittees)
  userCommittees(req: RequestOf<typeof ListUserCommittees>) {
    return this.tenancy.userCommittees(req.orgId, req.userId);
  }

  @Rpc(GetOrganization)
  async organization(req: RequestOf<typeof GetOrganization>) {
    return { organization: await this.tenancy.organization(req.orgId) };
  }
}
