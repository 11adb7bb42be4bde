import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routes';

/** /auth/404 and /auth/500 */
export function AuthErrorPage(props: { code: 404 | 500 }) {
  const { t } = useTranslation('errors');
  return (
    <div className="auth-center" data-testid={`auth-error-${props.code}`}>
      <div className="error-code">{props.code}</div>
      <h1 className="auth-card__title">{t(props.code === 404 ? 'notFound.title' : 'server.title')}</h1>
      <p>{t(props.code === 404 ? 'notFound.text' : 'server.text')}</p>
      <Link to={ROUTES.login}>{t('backToLogin')}</Link>
    </div>
  );
}
