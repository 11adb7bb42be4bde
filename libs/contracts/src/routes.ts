import { routeList } from './core/route';
import { DecisionRoutes } from './meeting/decisions.routes';
import { AuthRoutes } from './organization/auth.routes';
import { ProfileRoutes } from './organization/profile.routes';
import { SettingsRoutes } from './organization/settings.routes';

/**
 * The route table: every `/api` route of the product, by name. The gateway registers exactly these, /api/docs
 * documents exactly these, and the web calls them by name (`api(Routes.castVote, { params, body })`).
 * A new group of routes is one import and one line in each of the two lists below.
 */
export const Routes = {
  ...DecisionRoutes,
  ...AuthRoutes,
  ...ProfileRoutes,
  ...SettingsRoutes,
} as const;

/** [name, route] pairs; throws at import when a name or a method + path is defined twice */
export const ROUTE_TABLE = routeList(DecisionRoutes, AuthRoutes, ProfileRoutes, SettingsRoutes);
