import type { DownloadPolicy, PolicyLevel } from '@app/contracts';

/** the policy where no level has a setting */
export const DEFAULT_DOWNLOAD_POLICY: DownloadPolicy = 'download';

/** one level of an item's chain and its own setting (null: inherits) */
export interface PolicyStep {
  level: PolicyLevel;
  policy: DownloadPolicy | null;
}

export interface EffectivePolicy {
  policy: DownloadPolicy;
  /** the level the policy comes from; null for the default */
  from: PolicyLevel | null;
}

/**
 * The download policy of an item (docs/library.md#download-policy): the chain runs from the organization down
 * (organization, the committee when the file is opened in a committee's meeting, every folder from the top to the
 * nearest, the file); the nearest level with a setting of its own wins; nothing set anywhere: `download`.
 * A guest reads view only, whatever the chain says (guest access is view only by default).
 */
export function effectivePolicy(chain: readonly PolicyStep[], reader: 'member' | 'guest' = 'member'): EffectivePolicy {
  if (reader === 'guest') return { policy: 'view_only', from: null };
  for (let i = chain.length - 1; i >= 0; i--) {
    const step = chain[i];
    if (step.policy) return { policy: step.policy, from: step.level };
  }
  return { policy: DEFAULT_DOWNLOAD_POLICY, from: null };
}

/** may the reader take the file away (download, print)? */
export const mayDownload = (p: DownloadPolicy): boolean => p !== 'view_only';
