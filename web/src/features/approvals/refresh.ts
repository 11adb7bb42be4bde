import { useRevalidate } from '../../hooks/use-api';

/** the cached views of approvals a decision changes: the details and the lists (all, and a meeting's) */
const VIEWS = ['approvals/details', 'approvals/list', 'approvals/meeting'] as const;

/**
 * After a decision (sign, reject) every cached view of approvals asks the server again. The details page a signer
 * goes back to was fetched moments before; without this its mount would be deduplicated against that request and
 * show the step still to sign.
 */
export function useApprovalsChanged(): () => Promise<void> {
  const revalidate = useRevalidate();
  return async () => {
    await Promise.all(VIEWS.map((name) => revalidate(name)));
  };
}
