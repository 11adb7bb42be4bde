import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routes';

/** /404 (unknown paths, disabled modules) and /409 (organization modules failed with 409 or 404). */
export function ErrorPage(props: { code: 404 | 409 }) {
  const { t } = useTranslation('errors');
  const key = props.code === 404 ? 'notFound' : 'conflict';
  return (
    <main className="error-page" data-testid={`error-${props.code}`}>
      <div className="error-code">{props.code}</div>
      <h1>{t(`${key}.title`)}</h1>
      <p>{t(`${key}.text`)}</p>
      {props.code === 404 ? (
        <Link to={ROUTES.root} className="p-button p-component">
          {t('goHome')}
        </Link>
      ) : (
        <button type="button" className="p-button p-component" onClick={() => window.location.assign(ROUTES.root)}>
          {t('retry')}
        </button>
      )}
    </main>
  );
}
