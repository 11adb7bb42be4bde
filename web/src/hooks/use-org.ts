import { ApiError } from '../api/client';
import { DEFAULT_MODULES, getOrgPublic, type OrgModules, type OrgPublic } from '../api/organization';
import { isPortalHost } from '../lib/host';
import { useApi } from './use-api';

/**
 * This host's organization (GET /api/: name, logo, modules). One request feeds the sign-in header,
 * the organization switcher, the module gate and the side menu.
 */
export function useOrgPublic() {
  const enabled = !isPortalHost();
  const res = useApi<OrgPublic>(enabled ? 'org-public' : null, [], () => getOrgPublic(), { revalidateOnFocus: false, shouldRetryOnError: false });
  const org = res.data ?? null;
  const status = res.error instanceof ApiError ? res.error.status : null;
  return {
    org,
    loading: enabled && res.data === undefined && res.error === undefined,
    /** docs/product/overview.md#screens-and-routes: loading the modules failing with 409 or 404 goes to /409 */
    conflict: status === 409 || status === 404,
  };
}

/** the organization's time zone (null until GET /api/ came, and on the portal): what "today" is for the server */
export function useOrgTimeZone(): string | null {
  return useOrgPublic().org?.timeZone ?? null;
}

export function useModules(): { modules: OrgModules; loading: boolean; conflict: boolean } {
  const { org, loading, conflict } = useOrgPublic();
  return { modules: org?.modules ?? DEFAULT_MODULES, loading, conflict };
}
