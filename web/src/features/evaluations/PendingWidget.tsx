import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { evaluationsApi } from '../../api/evaluations';
import { useApi } from '../../hooks/use-api';
import { ROUTES } from '../../routes';
import { RoundLine } from './EvaluationsPage';

/** Home: the questionnaires waiting for the member's answer (GET /api/evaluations/rounds, `can_answer`); nothing when none */
export function PendingQuestionnaires() {
  const { t, i18n } = useTranslation('evaluations');
  const { data } = useApi('evaluations/mine', [], () => evaluationsApi.mine(true));
  const pending = data?.items.filter((r) => r.can_answer) ?? [];
  if (!pending.length) return null;
  return (
    <Card
      className="home-grid__evaluations"
      data-testid="home-evaluations"
      title={
        <div className="card-title-row">
          <span>{t('home.title')}</span>
          <Link to={ROUTES.evaluations}>{t('home.seeAll')}</Link>
        </div>
      }
    >
      <ul className="eval-rounds">{pending.map((r) => <RoundLine key={r.id} r={r} lang={i18n.language} />)}</ul>
    </Card>
  );
}
