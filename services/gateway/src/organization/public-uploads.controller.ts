import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, type OrgPublic } from '@app/contracts';
import { Storage } from '@app/platform';
import { Org, Public } from '../core/decorators';
import { Doc } from '../core/openapi';

const FILE = /^[\w-]+\.(png|jpg)$/;

/** Images and logos streamed from S3 (public; the organization comes from the host). */
@Controller('public/uploads')
export class PublicUploadsController {
  constructor(private readonly storage: Storage) {}

  private async send(org: OrgPublic, kind: 'images' | 'logos', file: string, res: Response): Promise<void> {
    if (!FILE.test(file)) throw AppError.notFound('file');
    const key = Storage.key(org.id, kind, file);
    const stat = await this.storage.stat(key);
    if (!stat) throw AppError.notFound('file');
    res.setHeader('Content-Type', file.endsWith('.png') ? 'image/png' : 'image/jpeg');
    res.setHeader('Content-Length', String(stat.size));
    res.setHeader('Cache-Control', 'public, max-age=86400, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    (await this.storage.get(key)).pipe(res);
  }

  @Get('images/:file')
  @Public()
  @Doc({ summary: 'An uploaded image (avatars, news photos)', tags: ['uploads'] })
  image(@Org() org: OrgPublic, @Param('file') file: string, @Res() res: Response) {
    return this.send(org, 'images', file, res);
  }

  @Get('logos/:file')
  @Public()
  @Doc({ summary: "The organization's logo", tags: ['uploads'] })
  logo(@Org() org: OrgPublic, @Param('file') file: string, @Res() res: Response) {
    return this.send(org, 'logos', file, res);
  }
}
