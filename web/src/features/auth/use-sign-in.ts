import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { VERIFY_EMAIL_STATUS, type LoginAnswer } from '../../api/auth';
import { checkOrganization } from '../../api/organization';
import { getProfile, storedUserOf } from '../../api/profile';
import { session } from '../../api/session';
import { currentOrgSlug } from '../../lib/host';
import { NEXT_PARAM, safeReturnPath, takeRememberedReturnPath } from '../../lib/return-path';
import { saveOrg } from '../../lib/saved-orgs';
import { ROUTES } from '../../routes';
import { keepOrgPublic } from '../../hooks/use-api';

export type SignInOutcome = 'signed-in' | 'verify-email' | 'two-factor' | 'failed';

/**
 * Sign-in success (docs/product/sign-in.md#sessions-sign-out-and-idle-logout): tokens and user data go to browser storage, this organization is
 * added to the saved list (cookie on the parent domain), and the app goes to the page the visitor opened before
 * signing in (`?next=`, a same-origin /app/ path only: lib/return-path.ts; through SSO, the path the SSO page kept), else to
 * the root.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { mutate } = useSWRConfig();
  return async (r: LoginAnswer, fallbackEmail: string | null, opts: { allowTwoFactor?: boolean } = {}): Promise<SignInOutcome> => {
    if (opts.allowTwoFactor && r.two_factor && !r.token) return 'two-factor';
    if (r.status === VERIFY_EMAIL_STATUS) {
      const email = r.email || fallbackEmail;
      navigate(email ? `${ROUTES.verifyEmail}?email=${encodeURIComponent(email)}` : ROUTES.verifyEmail);
      return 'verify-email';
    }
    if (!r.token) return 'failed';
    session.signIn({ token: r.token, email: r.email || fallbackEmail, role: r.role, pinToken: r.pin_token });
    try {
      session.setUser(storedUserOf(r.data ?? (await getProfile())));
    } catch {
      /* the shell loads the profile again */
    }
    const slug = currentOrgSlug();
    if (slug) {
      const org = await checkOrganization('');
      saveOrg({ slug, name: org.kind === 'ok' ? org.name : slug, logo: org.kind === 'ok' ? org.logo : null });
    }
    // the cache of the signed-out visitor (profile, modules) must not leak into the session
    await mutate(keepOrgPublic, undefined, { revalidate: false });
    // the address's ?next=, else the one the SSO page kept before it left for the identity provider
    const kept = takeRememberedReturnPath();
    navigate(safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? kept ?? ROUTES.root, { replace: true });
    return 'signed-in';
  };
}
