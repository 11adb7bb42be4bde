import { committeesApi } from '../../api/committees';
import { rolesApi } from '../../api/roles';
import { usersApi, type Ref } from '../../api/users';
import { useApi } from '../../hooks/use-api';

/** Option lists for the administration forms (SWR keys include the organization). */
export function useRoleOptions(enabled = true) {
  return useApi<Ref[]>(enabled ? 'roles' : null, [], async () => (await rolesApi.list()).map((r) => ({ id: r.id, name: r.name })));
}
export function useCommitteeOptions(enabled = true) {
  return useApi<Ref[]>(enabled ? 'committees/options' : null, [], async () => (await committeesApi.list({ page: 1, per_page: 100 })).items.map((c) => ({ id: c.id, name: c.name })));
}
export function useUserOptions(enabled = true) {
  return useApi<Ref[]>(enabled ? 'users/all' : null, [], () => usersApi.all());
}
