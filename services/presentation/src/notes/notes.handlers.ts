import { Injectable } from '@nestjs/common';
import { AddPresentationNote, DeletePresentationNote, ListPresentationNotes, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { NotesService } from './notes.service';

/** NATS handlers: the request is already parsed with its contract; call the use case. */
@Injectable()
export class NotesHandlers {
  constructor(private readonly notes: NotesService) {}

  @Rpc(ListPresentationNotes) list(req: RequestOf<typeof ListPresentationNotes>) { return this.notes.list(req); }
  @Rpc(AddPresentationNote) add(req: RequestOf<typeof AddPresentationNote>) { return this.notes.add(req); }
  @Rpc(DeletePresentationNote) remove(req: RequestOf<typeof DeletePresentationNote>) { return this.notes.remove(req); }
}
