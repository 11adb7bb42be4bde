import { Injectable } from '@nestjs/common';
import { ExcelToJson, GetEmailView, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { ViewersService } from './viewers.service';

/** RPC handlers of the viewers' data: each calls one use case. */
@Injectable()
export class ViewersHandlers {
  constructor(private readonly viewers: ViewersService) {}

  @Rpc(ExcelToJson) excelToJson(r: RequestOf<typeof ExcelToJson>) { return this.viewers.excelToJson(r); }
  @Rpc(GetEmailView) email(r: RequestOf<typeof GetEmailView>) { return this.viewers.email(r); }
}
