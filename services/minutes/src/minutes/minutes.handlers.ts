import { Injectable } from '@nestjs/common';
import { GetMinutes, MeetingMinutesFields, MinutesFile, SaveConclusions, SetMinutesSetting, UploadMinutes, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { MinutesService } from './minutes.service';

@Injectable()
export class MinutesHandlers {
  constructor(private readonly minutes: MinutesService) {}

  @Rpc(GetMinutes) get(r: RequestOf<typeof GetMinutes>) { return this.minutes.get(r); }
  @Rpc(SetMinutesSetting) setSetting(r: RequestOf<typeof SetMinutesSetting>) { return this.minutes.setSetting(r); }
  @Rpc(SaveConclusions) save(r: RequestOf<typeof SaveConclusions>) { return this.minutes.saveConclusions(r); }
  @Rpc(UploadMinutes) upload(r: RequestOf<typeof UploadMinutes>) { return this.minutes.upload(r); }
  @Rpc(MeetingMinutesFields) meetingFields(r: RequestOf<typeof MeetingMinutesFields>) { return this.minutes.meetingFields(r); }
  @Rpc(MinutesFile) file(r: RequestOf<typeof MinutesFile>) { return this.minutes.file(r); }
}
