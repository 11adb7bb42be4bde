import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { UsersController } from './users.controller';
import { RolesController } from './roles.controller';
import { BoardsController, CommitteesController } from './committees.controller';
import { NewsController } from './news.controller';
import { Uploads } from './uploads';
import { SignInRoutes } from './auth.routes';
import { MyProfileRoutes } from './profile.routes';
import { OrgSettingsRoutes } from './settings.routes';

/** Routes of the organization service: sign-in, administration, profile, news, uploads. */
@Module({
  imports: [CoreModule],
  controllers: [UsersController, RolesController, CommitteesController, BoardsController, NewsController],
  providers: [
    Uploads,
    // routes of the route table that compose (sign-in, profile, settings, public images)
    SignInRoutes,
    MyProfileRoutes,
    OrgSettingsRoutes,
  ],
})
export class OrganizationGatewayModule {}
