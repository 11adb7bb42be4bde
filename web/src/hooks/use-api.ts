import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { currentOrgSlug } from '../lib/host';

/**
 * SWR keys always start with the organization, so two organizations never share a cache entry:
 * [org, name, ...args]. `null` args (or key) pause the request.
 */
export type ApiKey = readonly [string, string, ...unknown[]];

export function orgKey(name: string, ...args: unknown[]): ApiKey {
  return [currentOrgSlug(), name, ...args] as const;
}

/** Cache filter for sign-in and sign-out: drop every user-specific entry, keep the host's organization. */
export function keepOrgPublic(key: unknown): boolean {
  return Array.isArray(key) && key[1] !== 'org-public';
}

export function useApi<T>(name: string | null, args: unknown[], fetcher: () => Promise<T>, config?: SWRConfiguration<T>): SWRResponse<T> {
  return useSWR<T>(name === null ? null : orgKey(name, ...args), fetcher, config);
}

/** Revalidate every cached request of a name (any args), e.g. statistics after the list they count changed. */
export function useRevalidate(): (name: string) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return (name) => mutate((key) => Array.isArray(key) && key[0] === currentOrgSlug() && key[1] === name);
}
