import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { AuthController } from './auth.controller';
import { ProfileController } from './profile.controller';
import { SettingsController } from './settings.controller';
import { PublicUploadsController } from './public-uploads.controller';
import { SsoController } from './sso.controller';
import { Uploads } from './uploads';
// administration (users, roles, committees, boards, news, logs): routes of the table; these implement the composed ones
import { NewsRoutes } from './news.routes';
import { RolesRoutes } from './roles.routes';
import { UsersRoutes } from './users.routes';

/** Routes of the organization service: sign-in, administration, profile, news, uploads. */
@Module({
  imports: [CoreModule],
  controllers: [AuthController, ProfileController, SettingsController, SsoController, PublicUploadsController],
  providers: [Uploads, UsersRoutes, RolesRoutes, NewsRoutes],
})
export class OrganizationGatewayModule {}
