import { Injectable } from '@nestjs/common';
import { GetCalendarFeed, RenderCalendarFeed, ResetCalendarFeed, RevokeCalendarFeed, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { CalendarFeedService } from './calendar-feed.service';

@Injectable()
export class CalendarFeedHandlers {
  constructor(private readonly feeds: CalendarFeedService) {}

  @Rpc(GetCalendarFeed) get(req: RequestOf<typeof GetCalendarFeed>) { return this.feeds.get(req); }
  @Rpc(ResetCalendarFeed) reset(req: RequestOf<typeof ResetCalendarFeed>) { return this.feeds.reset(req); }
  @Rpc(RevokeCalendarFeed) revoke(req: RequestOf<typeof RevokeCalendarFeed>) { return this.feeds.revoke(req); }
  @Rpc(RenderCalendarFeed) render(req: RequestOf<typeof RenderCalendarFeed>) { return this.feeds.render(req); }
}
