import { useMemo } from 'react';
import type { Ref } from '../../api/users';
import { useProfile } from '../../hooks/use-profile';
import { useCommitteeOptions } from '../organization/pickers';

/**
 * The committees a meeting may be created in: every committee for an organization administrator, else
 * the ones the user administers (the profile's admin_committees). The server checks the same rule.
 */
export function useMeetingCommittees(): Ref[] {
  const { data: profile } = useProfile();
  const all = useCommitteeOptions(!!profile?.is_admin);
  return useMemo(() => {
    if (!profile) return [];
    if (profile.is_admin) return all.data ?? [];
    return profile.admin_committees.map((c) => ({ id: c.id, name: c.name }));
  }, [profile, all.data]);
}
