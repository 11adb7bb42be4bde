import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { AuthController } from './auth.controller';
import { UsersController } from './users.controller';
import { ProfileController } from './profile.controller';
import { RolesController } from './roles.controller';
import { BoardsController, CommitteesController } from './committees.controller';
import { SettingsController } from './settings.controller';
import { PublicUploadsController } from './public-uploads.controller';
import { NewsController } from './news.controller';
import { SsoController } from './sso.controller';
import { Uploads } from './uploads';

/** Routes of the organization service: sign-in, administration, profile, news, uploads. Controllers only. */
@Module({
  imports: [CoreModule],
  controllers: [AuthController, UsersController, ProfileController, RolesController, CommitteesController, BoardsController, SettingsController, NewsController, SsoController, PublicUploadsController],
  providers: [Uploads],
})
export class OrganizationGatewayModule {}
