import { Injectable } from '@nestjs/common';
import { CreateAnnotation, DeleteSharedAnnotation, ListAnnotations, ReplyAnnotation, UpdateAnnotation, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { AnnotationsService } from './annotations.service';

/** RPC handlers of shared annotations (docs/annotations.md): each calls one use case. */
@Injectable()
export class AnnotationsHandlers {
  constructor(private readonly annotations: AnnotationsService) {}

  @Rpc(ListAnnotations) list(r: RequestOf<typeof ListAnnotations>) { return this.annotations.list(r); }
  @Rpc(CreateAnnotation) create(r: RequestOf<typeof CreateAnnotation>) { return this.annotations.create(r); }
  @Rpc(UpdateAnnotation) update(r: RequestOf<typeof UpdateAnnotation>) { return this.annotations.update(r); }
  @Rpc(ReplyAnnotation) reply(r: RequestOf<typeof ReplyAnnotation>) { return this.annotations.reply(r); }
  @Rpc(DeleteSharedAnnotation) remove(r: RequestOf<typeof DeleteSharedAnnotation>) { return this.annotations.remove(r); }
}
