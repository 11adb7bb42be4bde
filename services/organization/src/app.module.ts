import { DynamicModule, Module, Provider } from '@nestjs/common';
import { PlatformModule } from '@app/platform';
import type { OrganizationConfig } from './config';
import { schema } from './db/schema';
import { OrgDb } from './common/org-db';
import { Passwords } from './common/passwords';
import { OrganizationsRepository } from './repositories/organizations.repository';
import { TenancyService } from './tenancy/tenancy.service';
import { ProvisioningService } from './tenancy/provisioning.service';
import { TenancyHandlers } from './tenancy/tenancy.handlers';
import { UsersRepository } from './repositories/users.repository';
import { RolesRepository } from './repositories/roles.repository';
import { CommitteesRepository } from './repositories/committees.repository';
import { LogsRepository } from './repositories/logs.repository';
import { TokensRepository } from './repositories/tokens.repository';
import { AuthService } from './auth/auth.service';
import { AuthHandlers } from './auth/auth.handlers';
import { UsersService } from './users/users.service';
import { ProfileService } from './users/profile.service';
import { UsersImportService } from './users/users-import.service';
import { UsersHandlers } from './users/users.handlers';
import { RolesService } from './roles/roles.service';
import { RolesHandlers } from './roles/roles.handlers';
import { CommitteesService } from './committees/committees.service';
import { CommitteesHandlers } from './committees/committees.handlers';
import { SettingsService } from './settings/settings.service';
import { SettingsHandlers } from './settings/settings.handlers';
import { NewsRepository } from './repositories/news.repository';
import { NewsService } from './news/news.service';
import { NewsHandlers } from './news/news.handlers';
import { SsoService } from './auth/sso/sso.service';
import { SsoHandlers } from './auth/sso/sso.handlers';
import { SsoAttempts } from './auth/sso/sso-attempts';
import { ActivityConsumers } from './activity/activity.consumers';

const repositories: Provider[] = [OrganizationsRepository, UsersRepository, RolesRepository, CommitteesRepository, LogsRepository, TokensRepository, NewsRepository];
const services: Provider[] = [
  OrgDb, Passwords, TenancyService, ProvisioningService, AuthService, UsersService, ProfileService, UsersImportService, RolesService, CommitteesService, SettingsService, NewsService, SsoService, SsoAttempts,
];
const handlers: Provider[] = [ActivityConsumers, TenancyHandlers, AuthHandlers, UsersHandlers, RolesHandlers, CommitteesHandlers, SettingsHandlers, NewsHandlers, SsoHandlers];

/**
 * The organization service: organizations and modules, users, roles and permission slugs, committees
 * and boards, credentials and sessions, SSO, profile, news and activity logs. NATS handlers only
 * (no HTTP routes besides /health and /metrics); the gateway owns /api.
 */
@Module({})
export class OrganizationModule {
  /** `handlers: false` gives the use cases without serving RPCs (the seed script). */
  static register(config: OrganizationConfig, opts: { handlers?: boolean } = {}): DynamicModule {
    return {
      module: OrganizationModule,
      imports: [PlatformModule.forRoot({ service: 'organization', config, db: { schema }, storage: true, streams: ['library'] })],
      providers: [...repositories, ...services, ...(opts.handlers === false ? [] : handlers)],
      exports: [...repositories, ...services],
    };
  }
}
