import { Injectable } from '@nestjs/common';
import {
  CommitteeStatistics, CreateBoard, CreateCommittee, DeleteBoard, DeleteCommittee, GetBoard, GetCommitteeDetails, ListBoards, ListCommittees,
  SetBoardStatus, SetCommitteeStatus, UpdateBoard, UpdateCommittee, type Board, type Committee, type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { CommitteesService } from './committees.service';

@Injectable()
export class CommitteesHandlers {
  constructor(private readonly committees: CommitteesService) {}

  @Rpc(ListCommittees) list(req: RequestOf<typeof ListCommittees>) { return this.committees.list('committee', req); }
  @Rpc(GetCommitteeDetails) get(req: RequestOf<typeof GetCommitteeDetails>) { return this.committees.get('committee', req.orgId, req.actor, req.committeeId) as Promise<Committee>; }
  @Rpc(CreateCommittee) create(req: RequestOf<typeof CreateCommittee>) { return this.committees.create('committee', req); }
  @Rpc(UpdateCommittee) update(req: RequestOf<typeof UpdateCommittee>) { return this.committees.update('committee', req); }
  @Rpc(SetCommitteeStatus) status(req: RequestOf<typeof SetCommitteeStatus>) { return this.committees.setStatus('committee', req.orgId, req.actor, req.committeeId, req.status); }
  @Rpc(DeleteCommittee) async delete(req: RequestOf<typeof DeleteCommittee>) {
    await this.committees.delete('committee', req.orgId, req.actor, req.committeeId);
    return { ok: true as const };
  }
  @Rpc(CommitteeStatistics) statistics(req: RequestOf<typeof CommitteeStatistics>) { return this.committees.statistics(req.orgId, req.actor); }

  @Rpc(ListBoards) listBoards(req: RequestOf<typeof ListBoards>) { return this.committees.list('board', req); }
  @Rpc(GetBoard) getBoard(req: RequestOf<typeof GetBoard>) { return this.committees.get('board', req.orgId, req.actor, req.boardId) as Promise<Board>; }
  @Rpc(CreateBoard) createBoard(req: RequestOf<typeof CreateBoard>) { return this.committees.create('board', req); }
  @Rpc(UpdateBoard) updateBoard(req: RequestOf<typeof UpdateBoard>) { return this.committees.update('board', req); }
  @Rpc(SetBoardStatus) boardStatus(req: RequestOf<typeof SetBoardStatus>) { return this.committees.setStatus('board', req.orgId, req.actor, req.boardId, req.status); }
  @Rpc(DeleteBoard) async deleteBoard(req: RequestOf<typeof DeleteBoard>) {
    await this.committees.delete('board', req.orgId, req.actor, req.boardId);
    return { ok: true as const };
  }
}
