import { Injectable } from '@nestjs/common';
import { FileAccessed, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { OrgDb } from '../common/org-db';
import { LogsRepository } from '../repositories/logs.repository';
import { fileActivity } from '../rules/file-activity';

/**
 * The organization's activity log fed by other services' events: a library file's view, download, print and share
 * (docs/library.md#activity-log), one entry per event (the event id is unique in the log).
 */
@Injectable()
export class ActivityConsumers {
  constructor(
    private readonly db: OrgDb,
    private readonly logs: LogsRepository,
  ) {}

  @OnEvent(FileAccessed)
  async fileAccessed(e: PayloadOf<typeof FileAccessed>, meta: EventMeta): Promise<void> {
    await this.db.command(e.orgId, (s) => this.logs.writeOnce(s, meta.id, { userId: e.userId, username: e.username }, fileActivity(e)));
  }
}
