import { Link } from 'react-router-dom';
import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/Avatar';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { imageUrl } from '../../api/profile';
import { useProfile } from '../../hooks/use-profile';
import { formatDate } from '../../lib/dates';
import { ROUTES } from '../../routes';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PinForm } from './PinForm';
import { TwoFactorCard } from './TwoFactorCard';

export function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const { data: p, mutate } = useProfile();
  if (!p) return <Loading />;
  const rows: Array<[string, string]> = [
    [t('field.email'), p.email],
    [t('field.phone'), p.phone ?? ''],
    [t('field.position'), p.position ?? ''],
    [t('field.designation'), p.designation ?? ''],
    [t('field.birthDate'), formatDate(p.birth_date, i18n.language)],
    [t('field.role'), p.role?.name ?? ''],
  ];
  return (
    <div data-testid="profile-page">
      <PageHeader
        title={t('title')}
        actions={
          <Link to={ROUTES.editProfile} className="p-button p-component" data-testid="edit-profile-link">
            <i className="pi pi-user-edit" aria-hidden="true" />
            &nbsp;{t('edit')}
          </Link>
        }
      />
      <div className="settings-grid">
        <Card className="profile-card">
          <div className="profile-card__head">
            <UserAvatar name={p.name} image={imageUrl(p.image)} size="xlarge" />
            <div>
              <h2>{p.name}</h2>
              <div className="muted">{p.position}</div>
            </div>
          </div>
          <dl className="details">
            {rows.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v || '—'}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <div className="settings-stack">
          <Card title={t('password.title')}>
            <ChangePasswordForm />
          </Card>
          <Card title={t('pin.title')} subTitle={p.pin ? t('pin.set') : t('pin.notSet')}>
            <PinForm onSaved={() => void mutate()} />
          </Card>
          <TwoFactorCard enabled={p.two_factor} onChanged={() => void mutate()} />
        </div>
      </div>
    </div>
  );
}
