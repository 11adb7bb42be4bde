import { Injectable } from '@nestjs/common';
import { AddComment, DeleteComment, NotifyComment, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { CommentsService } from './comments.service';

@Injectable()
export class CommentsHandlers {
  constructor(private readonly comments: CommentsService) {}

  @Rpc(AddComment) add(req: RequestOf<typeof AddComment>) { return this.comments.add(req); }
  @Rpc(DeleteComment) remove(req: RequestOf<typeof DeleteComment>) { return this.comments.remove(req); }
  @Rpc(NotifyComment) notify(req: RequestOf<typeof NotifyComment>) { return this.comments.notify(req); }
}
