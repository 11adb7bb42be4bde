import { Injectable } from '@nestjs/common';
import { CreateRole, DeleteRole, GetRole, ListRoles, UpdateRole, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { RolesService } from './roles.service';

@Injectable()
export class RolesHandlers {
  constructor(private readonly roles: RolesService) {}

  @Rpc(ListRoles) list(req: RequestOf<typeof ListRoles>) { return this.roles.list(req); }
  @Rpc(GetRole) get(req: RequestOf<typeof GetRole>) { return this.roles.get(req.orgId, req.actor, req.roleId); }
  @Rpc(CreateRole) create(req: RequestOf<typeof CreateRole>) { return this.roles.create(req); }
  @Rpc(UpdateRole) update(req: RequestOf<typeof UpdateRole>) { return this.roles.update(req); }
  @Rpc(DeleteRole) async delete(req: RequestOf<typeof DeleteRole>) {
    await this.roles.delete(req.orgId, req.actor, req.roleId);
    return { ok: true as const };
  }
}
