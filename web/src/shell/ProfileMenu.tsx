import { useRef } from 'react';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { logout } from '../api/auth';
import { session } from '../api/session';
import { keepOrgPublic } from '../hooks/use-api';
import { UserAvatar } from '../components/Avatar';
import { imageUrl, type Profile } from '../api/profile';
import { ROUTES } from '../routes';

export function useSignOut() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return () => {
    // End the server session (the token is read before the local sign-out below); a failure only
    // leaves a session that expires on its own, so it is not reported.
    logout().catch(() => undefined);
    // Sign-out clears token and user data (docs/product/sign-in.md#sessions-sign-out-and-idle-logout) and drops cached data.
    session.clear();
    void mutate(keepOrgPublic, undefined, { revalidate: false });
    navigate(ROUTES.login, { replace: true });
  };
}

export function ProfileMenu(props: { profile: Profile | undefined }) {
  const { t } = useTranslation('shell');
  const panel = useRef<OverlayPanel>(null);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = props.profile?.name || session.user()?.name || '';
  return (
    <>
      <Button type="button" text className="profile-menu" data-testid="profile-menu-button" aria-haspopup="true" onClick={(e) => panel.current?.toggle(e)}>
        {/* named by its text: the person's name, then "Profile menu" for assistive technology; the initials are decoration */}
        <span aria-hidden="true">
          <UserAvatar name={name} image={imageUrl(props.profile?.image)} />
        </span>
        <span className="profile-menu__name">{name}</span>
        <span className="p-hidden-accessible">{name ? `, ${t('header.profileMenu')}` : t('header.profileMenu')}</span>
      </Button>
      <OverlayPanel ref={panel} className="profile-menu__panel">
        <div className="profile-menu__head">
          <strong>{name}</strong>
          {props.profile?.email && <div className="muted">{props.profile.email}</div>}
        </div>
        <button
          type="button"
          className="menu-button"
          data-testid="edit-profile"
          onClick={() => {
            panel.current?.hide();
            navigate(ROUTES.editProfile);
          }}
        >
          <i className="pi pi-user-edit" aria-hidden="true" /> {t('header.editProfile')}
        </button>
        <button type="button" className="menu-button" data-testid="sign-out" id="sign-out" onClick={signOut}>
          <i className="pi pi-sign-out" aria-hidden="true" /> {t('header.signOut')}
        </button>
      </OverlayPanel>
    </>
  );
}
