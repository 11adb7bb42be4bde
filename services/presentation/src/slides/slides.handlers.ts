import { Injectable } from '@nestjs/common';
import { GetPresentation, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { SlidesService } from './slides.service';

@Injectable()
export class SlidesHandlers {
  constructor(private readonly slides: SlidesService) {}

  @Rpc(GetPresentation) get(req: RequestOf<typeof GetPresentation>) { return this.slides.get(req); }
}
