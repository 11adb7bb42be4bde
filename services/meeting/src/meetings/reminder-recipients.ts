import { Inject, Injectable } from '@nestjs/common';
import { AppPaths, type ListMeetingReminderRecipients, type RequestOf, type ResponseOf } from '@app/contracts';
import { CONFIG } from '@app/platform';
import type { MeetingConfig } from '../config';
import { Directory } from '../common/directory';
import { GuestTokens } from '../common/guest-tokens';
import { MeetingDb } from '../db/db';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { meetingReminderStands, remindedParticipants } from '../rules/meeting-reminder';
import { normalizeEmail } from '../rules/person';

/**
 * Who a meeting's reminder goes to when it fires (ListMeetingReminderRecipients, docs/notification.md#meeting-reminders):
 * asked at that moment, so a participant added, removed or who declined since the meeting was scheduled is counted as
 * they are now. Users' addresses and languages come from the directory (a deactivated or deleted user is left out);
 * a guest gets the path of their own page, their link made again (GuestTokens), never the members' page, in the
 * language stored on their row when they were invited (docs/meeting.md#guests-language).
 */
@Injectable()
export class MeetingReminderRecipients {
  constructor(
    private readonly db: MeetingDb,
    private readonly meetings: MeetingsRepository,
    private readonly members: MembersRepository,
    private readonly directory: Directory,
    private readonly guestTokens: GuestTokens,
    @Inject(CONFIG) private readonly config: Pick<MeetingConfig, 'GUEST_LINK_DAYS'>,
  ) {}

  async list(req: RequestOf<typeof ListMeetingReminderRecipients>, now = new Date()): Promise<ResponseOf<typeof ListMeetingReminderRecipients>> {
    const found = await this.db.tenant(req.orgId, async (s) => {
      const m = await this.meetings.get(s, req.meetingId);
      if (!m || !meetingReminderStands(m, new Date(req.startsAt))) return null;
      return { m, rows: remindedParticipants(await this.members.members(s, m.id), m.statusId, now, this.config.GUEST_LINK_DAYS) };
    });
    if (!found) return { meeting: null, recipients: [] };
    const { m, rows } = found;
    const users = await this.directory.usersById(req.orgId, rows.map((r) => r.userId));
    const out = new Map<string, ResponseOf<typeof ListMeetingReminderRecipients>['recipients'][number]>();
    for (const r of rows) {
      if (r.userId) {
        const u = users.get(r.userId);
        if (u && u.status !== 'Deleted' && u.status !== 'Inactive') out.set(normalizeEmail(u.email), { email: u.email, name: u.name, lang: u.lang, guest: false, link: AppPaths.meeting(m.id) });
      } else if (r.userEmail) {
        const token = this.guestTokens.recover(r);
        out.set(normalizeEmail(r.userEmail), { email: r.userEmail, name: r.guestName, lang: r.guestLang, guest: true, link: token ? AppPaths.guestMeeting(m.id, token) : null });
      }
    }
    return {
      meeting: { title: m.title, startsAt: m.startAt.toISOString(), location: m.location, virtual: m.virtual },
      recipients: [...out.values()],
    };
  }
}
