import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@app/platform';
import type { MeetingConfig } from './config';
import { schema } from './db/schema';
import { MeetingDb } from './db/db';
import { Directory, OrganizationWatch } from './common/directory';
import { LibraryFiles } from './common/library-files';
import { MeetingPublisher } from './common/publisher';
import { MeetingsRepository } from './repositories/meetings.repository';
import { MembersRepository } from './repositories/members.repository';
import { RecordsRepository } from './repositories/records.repository';
import { BundleRepository } from './repositories/bundle.repository';
import { AccessRepository } from './repositories/access.repository';
import { DashboardRepository } from './repositories/dashboard.repository';
import { MeetingAccess } from './common/meeting-access';
import { MeetingView } from './view/meeting-view';
import { MeetingsService } from './meetings/meetings.service';
import { MeetingsHandlers } from './meetings/meetings.handlers';
import { MembersService } from './members/members.service';
import { MembersHandlers } from './members/members.handlers';
import { AgendaRepository } from './repositories/agenda.repository';
import { AgendaService } from './agenda/agenda.service';
import { AgendaHandlers } from './agenda/agenda.handlers';
import { DecisionsRepository } from './repositories/decisions.repository';
import { SecretBallotsRepository } from './repositories/secret-ballots.repository';
import { MeetingDecisionsService } from './decisions/meeting-decisions.service';
import { ResolutionsService } from './decisions/resolutions.service';
import { DecisionsRouter } from './decisions/decisions.router';
import { VoteBatcher } from './decisions/vote-batcher';
import { DecisionView } from './view/decision-view';
import { MeetingEvents } from './events/meeting-events';
import { DecisionsHandlers } from './decisions/decisions.handlers';
import { PendingVoters } from './decisions/pending-voters';
import { MeetingReminderRecipients } from './meetings/reminder-recipients';
import { ActionsRepository } from './repositories/actions.repository';
import { ActionsService } from './actions/actions.service';
import { ActionsHandlers } from './actions/actions.handlers';
import { CommentsRepository } from './repositories/comments.repository';
import { CommentsService } from './comments/comments.service';
import { CommentsHandlers } from './comments/comments.handlers';
import { DashboardService } from './dashboard/dashboard.service';
import { DashboardHandlers } from './dashboard/dashboard.handlers';
import { Attachments } from './common/attachments';
import { SecretVotes } from './common/secret-votes';
import { BallotListView } from './view/ballot-list';
import { CalendarFeedHandlers } from './calendar/calendar-feed.handlers';
import { CalendarFeedService } from './calendar/calendar-feed.service';
import { CalendarFeedsRepository } from './repositories/calendar-feeds.repository';
import { IjmeetProvider, VirtualProviders, ZoomProvider } from './virtual/providers';
import { RoomSecrets } from './virtual/room-secrets';
import { GuestTokens } from './common/guest-tokens';
import { RoomSecretsRepository } from './repositories/room-secrets.repository';
import { VirtualService } from './virtual/virtual.service';
import { VirtualHandlers } from './virtual/virtual.handlers';
import { SearchRepository } from './repositories/search.repository';
import { SearchService } from './search/search.service';
import { SearchHandlers } from './search/search.handlers';
import { ProxiesRepository } from './repositories/proxies.repository';
import { ProxiesService } from './proxies/proxies.service';
import { ProxiesHandlers } from './proxies/proxies.handlers';
import { EvaluationsRepository } from './repositories/evaluations.repository';
import { EvaluationsService } from './evaluations/evaluations.service';
import { EvaluationsHandlers } from './evaluations/evaluations.handlers';
import { ChairService } from './chair/chair.service';
import { StatusChange } from './common/status-change';
import { ChairHandlers } from './chair/chair.handlers';
import { ConflictsRepository } from './repositories/conflicts.repository';
import { RecordService } from './record/record.service';
import { RecordHandlers } from './record/record.handlers';

/** The meeting service: meetings and everything inside them (docs/product/meetings.md), over NATS. */
@Module({})
export class MeetingModule {
  static register(config: MeetingConfig): DynamicModule {
    return {
      module: MeetingModule,
      imports: [PlatformModule.forRoot({ service: 'meeting', config, db: { schema } })],
      providers: [
        MeetingDb, Directory, OrganizationWatch, MeetingPublisher, LibraryFiles, Attachments, SecretVotes, CalendarFeedsRepository, CalendarFeedService, CalendarFeedHandlers,
        MeetingsRepository, MembersRepository, AgendaRepository, DecisionsRepository, SecretBallotsRepository, ActionsRepository, CommentsRepository, RecordsRepository, BundleRepository, AccessRepository, DashboardRepository,
        MeetingAccess, MeetingView, DecisionView, BallotListView, MeetingEvents,
        MeetingsService, MembersService, AgendaService, MeetingDecisionsService, ResolutionsService, DecisionsRouter, VoteBatcher, PendingVoters, MeetingReminderRecipients, ActionsService, CommentsService, DashboardService,
        IjmeetProvider, ZoomProvider, VirtualProviders, VirtualService, RoomSecrets, RoomSecretsRepository, GuestTokens,
        SearchRepository, SearchService, ProxiesRepository, ProxiesService, EvaluationsRepository, EvaluationsService, ChairService, StatusChange, ConflictsRepository, RecordService,
        MeetingsHandlers, MembersHandlers, AgendaHandlers, DecisionsHandlers, ActionsHandlers, CommentsHandlers, DashboardHandlers, VirtualHandlers, SearchHandlers, ProxiesHandlers, EvaluationsHandlers, ChairHandlers, RecordHandlers,
      ],
    };
  }
}
