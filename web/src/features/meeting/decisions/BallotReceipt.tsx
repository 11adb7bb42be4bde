import { groupReceipt } from '@app/contracts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The receipt of a secret vote, shown once right after voting (docs/ballots.md#receipts): the service keeps it
 * nowhere with the voter's name, so this is the only time it is seen. A copy button and a warning.
 */
export function BallotReceipt(props: { receipt: string }) {
  const { t } = useTranslation('decisions');
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.receipt);
      setCopied('yes');
    } catch {
      // a browser without clipboard access (or refused): the receipt stays on screen to copy by hand
      setCopied('no');
    }
  };
  return (
    <div className="ballot-receipt" data-testid="ballot-receipt">
      <Message severity="warn" text={t('receipt.once')} data-testid="ballot-receipt-warning" />
      <p>{t('receipt.intro')}</p>
      <div className="ballot-receipt__row">
        <code className="ballot-receipt__code" dir="ltr" data-testid="ballot-receipt-code">
          {groupReceipt(props.receipt)}
        </code>
        <Button type="button" icon="pi pi-copy" label={t('receipt.copy')} outlined onClick={() => void copy()} data-testid="ballot-receipt-copy" />
      </div>
      {copied && (
        <small role="status" data-testid="ballot-receipt-copied">
          {t(copied === 'yes' ? 'receipt.copied' : 'receipt.copyFailed')}
        </small>
      )}
    </div>
  );
}
