import { ballotsHash, checkBallots, countElectionBallots, electionChoices, findReceipt, groupReceipt, type BallotsCheck } from '@app/contracts';
import { choiceNames } from './ElectionResult';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decisionsApi, type BallotList as List, type Decision } from '../../../api/decisions';
import { VOTE_COLOURS } from './vote-rules';

/**
 * A closed secret ballot's published list (docs/ballots.md#the-published-list): every (receipt, choice), the
 * SHA-256 the server published and the one this browser computes from the list (Web Crypto), whether the list's
 * counts are the decision's tallies, and a box where a voter finds their receipt.
 */
export function BallotList(props: { decision: Decision; guestToken?: string }) {
  const { t } = useTranslation('decisions');
  const d = props.decision;
  const [list, setList] = useState<List | null>(null);
  const [failed, setFailed] = useState(false);
  const [mine, setMine] = useState('');
  const [check, setCheck] = useState<(BallotsCheck & { computed: string }) | null>(null);

  useEffect(() => {
    let live = true;
    setList(null);
    setCheck(null);
    decisionsApi.ballots(d.id, props.guestToken).then(
      async (l) => {
        if (!live) return;
        setList(l);
        const [c, computed] = await Promise.all([checkBallots(l, d.tallies), ballotsHash(l.entries)]);
        // an election: the list recounted per candidate must give the published result too
        const recount = countElectionBallots(l.entries);
        const candidatesMatch = !d.election || d.election.candidates.every((x) => (recount.get(x.id) ?? 0) === (x.votes ?? 0));
        if (live) setCheck({ ...c, talliesMatch: c.talliesMatch && candidatesMatch, computed });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [d.id, d.tallies.map((x) => x.count).join(',')]);

  // an election's line names the candidates it chose
  const choiceOf = (choice: string) => (d.election ? choiceNames(d.election, electionChoices(choice), t('election.blank')) : t(choice));
  if (failed) return <Message severity="error" text={t('ballots.failed')} />;
  if (!list) return <p data-testid="ballots-loading">{t('ballots.loading')}</p>;
  const found = mine.trim() ? findReceipt(list.entries, mine) : null;
  const verified = !!check && check.hashMatches && check.talliesMatch && check.receiptsUnique;

  return (
    <section className="ballots" data-testid="ballots" aria-labelledby={`ballots-${d.id}`}>
      <h4 id={`ballots-${d.id}`}>{t('ballots.title', { count: list.count })}</h4>
      <dl className="ballots__hash">
        <dt>{t('ballots.published')}</dt>
        <dd>
          <code dir="ltr" data-testid="ballots-hash">{list.hash}</code>
        </dd>
        <dt>{t('ballots.computed')}</dt>
        <dd>
          <code dir="ltr" data-testid="ballots-computed">{check?.computed ?? '…'}</code>
        </dd>
      </dl>
      {check && (
        <Message
          severity={verified ? 'success' : 'error'}
          text={verified ? t('ballots.matches') : t(!check.hashMatches ? 'ballots.hashMismatch' : !check.talliesMatch ? 'ballots.tallyMismatch' : 'ballots.duplicate')}
          data-testid="ballots-verdict"
        />
      )}
      <label htmlFor={`ballots-find-${d.id}`} className="ballots__find-label">
        {t('ballots.find')}
      </label>
      <InputText id={`ballots-find-${d.id}`} value={mine} onChange={(e) => setMine(e.target.value)} dir="ltr" placeholder="ABCD EFGH …" data-testid="ballots-find" />
      {mine.trim() && (
        <p role="status" data-testid="ballots-find-result">
          {found ? t('ballots.found', { choice: choiceOf(found.choice) }) : t('ballots.notFound')}
        </p>
      )}
      <table className="ballots__table" data-testid="ballots-table">
        <thead>
          <tr>
            <th scope="col">{t('ballots.receipt')}</th>
            <th scope="col">{t('ballots.choice')}</th>
          </tr>
        </thead>
        <tbody>
          {list.entries.map((e) => (
            <tr key={e.receipt} className={found?.receipt === e.receipt ? 'ballots__mine' : undefined}>
              <td>
                <code dir="ltr">{groupReceipt(e.receipt)}</code>
              </td>
              <td>
                {d.election ? <bdi>{choiceOf(e.choice)}</bdi> : <Tag value={t(e.choice)} style={{ background: VOTE_COLOURS[e.choice as keyof typeof VOTE_COLOURS] }} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
