import { Injectable } from '@nestjs/common';
import { AddCommitteeMembers, AddMembers, ChangeAttendance, ChangeMemberType, ListMembers, RemoveMember, SetGuestLink, SetGuestName, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { MembersService } from './members.service';

@Injectable()
export class MembersHandlers {
  constructor(private readonly members: MembersService) {}

  @Rpc(ListMembers) list(req: RequestOf<typeof ListMembers>) { return this.members.list(req); }
  @Rpc(AddMembers) add(req: RequestOf<typeof AddMembers>) { return this.members.add(req); }
  @Rpc(SetGuestName) guestName(req: RequestOf<typeof SetGuestName>) { return this.members.setGuestName(req); }
  @Rpc(SetGuestLink) guestLink(req: RequestOf<typeof SetGuestLink>) { return this.members.setGuestLink(req); }
  @Rpc(RemoveMember) remove(req: RequestOf<typeof RemoveMember>) { return this.members.remove(req); }
  @Rpc(AddCommitteeMembers) addCommittee(req: RequestOf<typeof AddCommitteeMembers>) { return this.members.addCommittee(req); }
  @Rpc(ChangeMemberType) changeType(req: RequestOf<typeof ChangeMemberType>) { return this.members.changeType(req); }
  @Rpc(ChangeAttendance) attendance(req: RequestOf<typeof ChangeAttendance>) { return this.members.attendance(req); }
}
