import { DynamicModule, Module } from '@nestjs/common';
import { RenderSlides } from '@app/contracts';
import { PlatformModule, Sandbox } from '@app/platform';
import type { PresentationConfig } from './config';
import { MeetingAccess } from './common/meetings';
import { PresentationDb } from './common/presentation-db';
import { presentationTables } from './db/tables';
import { NotesHandlers } from './notes/notes.handlers';
import { NotesRepository } from './notes/notes.repository';
import { NotesService } from './notes/notes.service';
import { PresentationSocket } from './rooms/presentation.socket';
import { RoomStore } from './rooms/room-store';
import { SocketAuth } from './rooms/socket-auth';
import { SlidesHandlers } from './slides/slides.handlers';
import { SlidesProcessor } from './slides/slides.processor';
import { SlidesRepository } from './slides/slides.repository';
import { SlidesService } from './slides/slides.service';

/**
 * services/presentation: live presentation rooms over WebSocket (presenter, slides, pointer, drawing) and the
 * notes people keep per slide. docs/presentation.md.
 */
@Module({})
export class AppModule {
  static register(config: PresentationConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'presentation',
          config,
          db: { schema: presentationTables },
          storage: true,
          queues: { produces: [RenderSlides], processes: [RenderSlides], concurrency: config.SLIDE_CONCURRENCY },
        }),
      ],
      providers: [{ provide: Sandbox, useValue: new Sandbox(config) }, PresentationDb, MeetingAccess, NotesRepository, NotesService, NotesHandlers, RoomStore, SocketAuth, PresentationSocket, SlidesRepository, SlidesService, SlidesHandlers, SlidesProcessor],
    };
  }
}
