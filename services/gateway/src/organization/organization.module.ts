import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { Uploads } from '../core/uploads';
// routes of the table that compose: administration (users, roles, news) and sign-in, profile, settings, public images
import { NewsRoutes } from './news.routes';
import { RolesRoutes } from './roles.routes';
import { UsersRoutes } from './users.routes';
import { SignInRoutes } from './auth.routes';
import { MyProfileRoutes } from './profile.routes';
import { OrgSettingsRoutes } from './settings.routes';

/** Routes of the organization service: sign-in, administration, profile, news, uploads. */
@Module({
  imports: [CoreModule],
  providers: [Uploads, UsersRoutes, RolesRoutes, NewsRoutes, SignInRoutes, MyProfileRoutes, OrgSettingsRoutes],
})
export class OrganizationGatewayModule {}
