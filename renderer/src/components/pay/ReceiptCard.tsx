/**
 * The receipt of a confirmed payment, read by main from the confirmed transaction: what the
 * payee's account gained, what the payer spent, the signature and the reference keys.
 */
import type { PaymentReceiptView, TokenInfo } from '../../../../preload/api-types';
import type { ReceiptState } from '../../stores/pay-review-store';
import { formatTokenAmount } from '../../lib/token-display';
import { formatSol } from '../../lib/format';
import { findToken } from '../../stores/tokens-store';
import { CopyButton } from '../CopyButton';
import { NATIVE_MINT } from '../../lib/token-amount';
import { ReferenceList } from './ReferenceList';

export interface ReceiptCardProps {
  receipt: Exclude<ReceiptState, { state: 'none' }>;
  tokens: readonly TokenInfo[];
}

function ReceiptFacts({
  receipt,
  tokens,
}: {
  receipt: PaymentReceiptView;
  tokens: readonly TokenInfo[];
}) {
  return (
    <dl className="facts" aria-label="Receipt">
      <dt>Delivered</dt>
      <dd>
        <output aria-label="Amount delivered">
          {formatTokenAmount(receipt.delivered, findToken(tokens, receipt.mint), receipt.mint)}
        </output>
      </dd>
      <dt>{receipt.payWithMint === NATIVE_MINT ? 'Spent (network fee included)' : 'Spent'}</dt>
      <dd>
        <output aria-label="Amount spent">
          {formatTokenAmount(
            receipt.spent,
            findToken(tokens, receipt.payWithMint),
            receipt.payWithMint,
          )}
        </output>
      </dd>
      <dt>Network fee</dt>
      <dd>{formatSol(receipt.networkFeeLamports)}</dd>
      <dt>Paid into</dt>
      <dd className="mono break">{receipt.payeeTokenAccount}</dd>
      <dt>Signature</dt>
      <dd className="mono break">
        <span aria-label="Signature">{receipt.signature}</span>{' '}
        <CopyButton text={receipt.signature} label="Copy signature" />
      </dd>
      <dt>References</dt>
      <ReferenceList references={receipt.references} label="Receipt references" />
      {receipt.memo !== null ? (
        <>
          <dt>Memo</dt>
          <dd>{receipt.memo}</dd>
        </>
      ) : null}
    </dl>
  );
}

export function ReceiptCard({ receipt, tokens }: ReceiptCardProps) {
  return (
    <section className="card receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title" className="card-title">
        Receipt
      </h2>
      {receipt.state === 'reading' ? (
        <p role="status">Reading the confirmed transaction…</p>
      ) : receipt.state === 'failed' ? (
        <p role="alert" className="alert">
          {receipt.error.message} The payment itself is confirmed; see it in Activity.
        </p>
      ) : (
        <>
          {receipt.receipt.status === 'failed' ? (
            <p role="alert" className="alert">
              {receipt.receipt.error ?? 'The transaction failed on the network.'}
            </p>
          ) : null}
          <ReceiptFacts receipt={receipt.receipt} tokens={tokens} />
        </>
      )}
    </section>
  );
}
