import { Injectable } from '@nestjs/common';
import {
  CreateUser, DeleteProfilePhoto, DeleteUser, DeleteUserPhoto, GetProfile, GetUser, ImportUsers, ListAllUsers, ListUsers, RestoreUser,
  ToggleUserStatus, UpdateProfile, UpdateUser, UsersTemplate, type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { UsersService } from './users.service';
import { ProfileService } from './profile.service';
import { UsersImportService } from './users-import.service';

@Injectable()
export class UsersHandlers {
  constructor(private readonly users: UsersService, private readonly profile: ProfileService, private readonly imports: UsersImportService) {}

  @Rpc(ListUsers) list(req: RequestOf<typeof ListUsers>) { return this.users.list(req); }
  @Rpc(ListAllUsers) listAll(req: RequestOf<typeof ListAllUsers>) { return this.users.listAll(req); }
  @Rpc(GetUser) get(req: RequestOf<typeof GetUser>) { return this.users.get(req.orgId, req.actor, req.userId); }
  @Rpc(CreateUser) create(req: RequestOf<typeof CreateUser>) { return this.users.create(req); }
  @Rpc(UpdateUser) update(req: RequestOf<typeof UpdateUser>) { return this.users.update(req); }
  @Rpc(ToggleUserStatus) toggle(req: RequestOf<typeof ToggleUserStatus>) { return this.users.toggleStatus(req.orgId, req.actor, req.userId); }
  @Rpc(DeleteUser) async delete(req: RequestOf<typeof DeleteUser>) {
    await this.users.delete(req.orgId, req.actor, req.userId);
    return { ok: true as const };
  }
  @Rpc(RestoreUser) restore(req: RequestOf<typeof RestoreUser>) { return this.users.restore(req.orgId, req.actor, req.userId); }
  @Rpc(DeleteUserPhoto) deletePhoto(req: RequestOf<typeof DeleteUserPhoto>) { return this.users.deletePhoto(req.orgId, req.actor, req.userId); }
  @Rpc(ImportUsers) import(req: RequestOf<typeof ImportUsers>) { return this.imports.import(req.orgId, req.actor, req.fileKey); }
  @Rpc(UsersTemplate) template(req: RequestOf<typeof UsersTemplate>) { return this.imports.template(req.orgId, req.actor); }

  @Rpc(GetProfile) profileGet(req: RequestOf<typeof GetProfile>) { return this.profile.get(req.orgId, req.actor); }
  @Rpc(UpdateProfile) profileUpdate(req: RequestOf<typeof UpdateProfile>) { return this.profile.update(req); }
  @Rpc(DeleteProfilePhoto) profilePhoto(req: RequestOf<typeof DeleteProfilePhoto>) { return this.profile.deletePhoto(req.orgId, req.actor); }
}
