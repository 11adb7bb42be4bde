import type { ElectionPayload } from '@app/contracts';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { Decision } from '../../../api/decisions';

/** the names of the candidates a set of numbers chooses (a blank ballot: "Blank ballot") */
export function choiceNames(election: Pick<ElectionPayload, 'candidates'>, choices: readonly number[], blank: string): string {
  if (!choices.length) return blank;
  return choices.map((c) => election.candidates.find((x) => x.id === c)?.name ?? `#${c}`).join(', ');
}

/**
 * An election's results (docs/ballots.md#elections): the seats, each candidate with the votes (and their weight when
 * counted by weight) and, once voting has closed, Elected or Tied; a tie at the last seat is said as a tie, for the
 * committee to break. A secret election's counts wait for its close.
 */
export function ElectionResult(props: { decision: Pick<Decision, 'id' | 'election' | 'count_by' | 'outcome' | 'voting_open' | 'ballot'> }) {
  const { t } = useTranslation('decisions');
  const d = props.decision;
  const e = d.election;
  if (!e) return null;
  const byWeight = d.count_by === 'weight';
  return (
    <section className="election-result" aria-labelledby={`election-result-${d.id}`} data-testid="election-result">
      <h4 id={`election-result-${d.id}`} className="decision-result__title">{t('election.results', { seats: e.seats })}</h4>
      {!e.results_shown && <p data-testid="election-withheld">{t('election.withheld')}</p>}
      {e.tied_seats > 0 && (
        <p className="election-result__tie" role="status" data-testid="election-tie">
          {t('election.tie', { n: e.tied_seats })}
        </p>
      )}
      {d.outcome === 'No quorum' && <p data-testid="election-no-quorum">{t('No quorum')}</p>}
      <table className="election-result__table" data-testid="election-table">
        <thead>
          <tr>
            <th scope="col">{t('election.candidate')}</th>
            <th scope="col">{t('election.votes')}</th>
            {byWeight && <th scope="col">{t('election.weight')}</th>}
            <th scope="col">{t('election.result')}</th>
          </tr>
        </thead>
        <tbody>
          {e.candidates.map((c) => (
            <tr key={c.id} data-testid={`election-candidate-${c.id}`}>
              <td>
                <bdi>{c.name}</bdi>
              </td>
              <td className="num">{c.votes ?? '—'}</td>
              {byWeight && <td className="num">{c.weight ?? '—'}</td>}
              <td>
                {c.elected ? (
                  <Tag value={t('election.elected')} severity="success" />
                ) : c.tied ? (
                  <Tag value={t('election.tied')} severity="warning" />
                ) : (
                  <span aria-hidden="true">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
