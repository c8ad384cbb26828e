/**
 * The review report of a transaction, as main built it from the real transaction bytes:
 * the guard's verdict first (when it refuses, the reasons in words), then the person's balance
 * changes with the network fee and rent, then every instruction with its program and meaning.
 */
import type { BalanceChangeView, ReviewReportView, TokenInfo } from '../../../../preload/api-types';
import { describeAccount, formatSol, formatUnits, shortenAddress } from '../../lib/format';
import { NATIVE_MINT } from '../../lib/token-amount';
import { formatSignedChange, formatSignedSol } from '../../lib/token-display';
import { multiplierOf } from '../../lib/token-scale';
import { multiplierText } from '../../../../main/shared/scaled-amount';
import { findToken, tokenName } from '../../stores/tokens-store';
import { usePrices } from '../../stores/prices-store';
import { UsdValue } from '../tokens/UsdValue';
import { VerifiedMark } from '../tokens/VerifiedMark';
import { TradeValue } from './TradeValue';
import { ServiceMessage } from '../ServiceMessage';

function ChangeRow({
  change,
  tokens,
}: {
  change: BalanceChangeView;
  tokens: readonly TokenInfo[];
}) {
  const token = change.mint ? findToken(tokens, change.mint) : null;
  const what = change.mint ? tokenName(token, change.mint) : 'SOL';
  const amount = change.mint
    ? formatSignedChange(change.change, token, change.mint)
    : formatSignedSol(change.change);
  // Only an /order's Jupiter fee is the service's own (SwapIntent.serviceFee), never the
  // integrator's: the row says whose it is.
  // A scaled mint's change reads scaled; where that differs from what moves on chain, the raw
  // amount is said beside it (issue 35: show both when they differ).
  const multiplier = multiplierOf(change.mint);
  const raw =
    change.mint && token && multiplier !== undefined && multiplier !== 1
      ? `${formatUnits(BigInt(change.change.replace('-', '')), token.decimals, { group: true })} ${what} on chain at ${multiplierText(multiplier)}`
      : null;
  const note = [
    raw,
    change.role === 'service-fee' ? "Jupiter's platform fee" : null,
    change.created ? 'account opened' : null,
    change.closed ? 'account closed' : null,
  ]
    .filter(Boolean)
    .join(', ');
  const tone = change.change.startsWith('-') ? 'change-out' : 'change-in';
  return (
    <tr>
      <th scope="row">
        {what}
        {change.mint && !token?.verified ? <VerifiedMark verified={false} /> : null}
        {note ? <span className="muted small"> ({note})</span> : null}
      </th>
      <td className={`num ${tone}`}>{amount}</td>
    </tr>
  );
}

/** The report's headline: what the transaction was checked against, in the flow's words. */
export interface ReviewVerdictWords {
  /** Accepted ("The transaction does what the quote says. Check the changes below, then approve."). */
  accepted: string;
  /** Before the refusal reasons ("It does not do what the quote says:"). */
  refused: string;
  /** After them ("Nothing was signed or sent. Get a fresh quote, or try again later."). */
  next: string;
}

/** The swap's words: its transactions are checked against the accepted quote. */
export const SWAP_VERDICT: ReviewVerdictWords = {
  accepted: 'The transaction does what the quote says. Check the changes below, then approve.',
  refused: 'It does not do what the quote says:',
  next: 'Nothing was signed or sent. Get a fresh quote, or try again later.',
};

/**
 * The headline while a dangerous warning is not yet acknowledged: the guard's rules pass, but the
 * transaction is not "what the quote says" for the person until they have read what a token can
 * do to them and said they understand it.
 */
export const ATTENTION_HEADLINE =
  'This transaction needs your attention: read the warnings below and tick “I understand this risk” before you approve.';

export function ReviewReport({
  report,
  tokens,
  verdict = SWAP_VERDICT,
  risksPending = false,
}: {
  report: ReviewReportView;
  tokens: readonly TokenInfo[];
  verdict?: ReviewVerdictWords;
  /** A dangerous warning is still unacknowledged: the headline asks for attention, not approval. */
  risksPending?: boolean;
}) {
  // The person's own accounts: their SOL and token accounts, including the swap's output
  // account when it is theirs (role 'destination', owned by the fee payer when the person pays
  // the fee; a merchant paying it, issue 34, owns the account it is paid into, not the person).
  const solPrice = usePrices([NATIVE_MINT])[NATIVE_MINT];
  const person = report.networkFee.paidByYou ? report.feePayer : null;
  const isMine = (c: BalanceChangeView) => c.role === 'user' || c.owner === person;
  const mine = report.balanceChanges.filter(isMine);
  const others = report.balanceChanges.filter((c) => !isMine(c));
  // What the swap instructions make the network refuse when it lands (issue 21): the one bound
  // that holds whatever anyone trades between this review and then.
  const bound = report.verdicts.find((v) => v.rule === 'onchain-bound');
  const onChain = bound?.ok ? bound.reason : null;
  return (
    <>
      {report.accepted && risksPending ? (
        <p className="verdict verdict-attention" role="status">
          {ATTENTION_HEADLINE}
        </p>
      ) : report.accepted ? (
        <p className="verdict verdict-ok" role="status">
          {verdict.accepted}
        </p>
      ) : (
        <div className="verdict verdict-refused" role="alert">
          <h3>Swapdesk will not sign this transaction</h3>
          <p>{verdict.refused}</p>
          <ul aria-label="Reasons for the refusal">
            {report.refusals.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p>{verdict.next}</p>
        </div>
      )}
      {/* Outside the alert: what the network said is not the wallet's words (issue 32). */}
      {report.simulation.ok ? null : (
        <ServiceMessage text={report.simulation.networkMessage} from="network" />
      )}

      <h3>Your balance changes</h3>
      <ChangeTable label="Your balance changes" changes={mine} tokens={tokens} />
      <TradeValue valuation={report.valuation} />
      <dl className="facts">
        <dt>Network fee</dt>
        {!report.networkFee.paidByYou ? (
          <dd>
            {`${formatSol(report.networkFee.totalLamports)}, paid by ${shortenAddress(report.networkFee.paidBy)} (${signedBefore(report) ? 'who signed before you: a merchant paying the fee' : 'who signs after you'}), not from your SOL`}
          </dd>
        ) : (
          <dd>
            {formatSol(report.networkFee.totalLamports)}
            {report.networkFee.priorityLamports !== '0'
              ? ` (priority ${formatSol(report.networkFee.priorityLamports)})`
              : ''}{' '}
            <UsdValue
              amount={report.networkFee.totalLamports}
              decimals={9}
              price={solPrice}
              label="USD value of the network fee"
            />
          </dd>
        )}
        {onChain ? (
          <>
            <dt>Protected on chain</dt>
            <dd>{onChain}</dd>
          </>
        ) : null}
        <dt>Rent for new accounts</dt>
        <dd>{formatSol(report.rentLamports)}</dd>
        <dt>Simulation</dt>
        <dd>{report.simulation.ok ? 'Succeeded' : (report.simulation.reason ?? 'Failed')}</dd>
      </dl>
      <p className="hint">The SOL change above already includes the network fee and any rent.</p>
      {others.length > 0 ? (
        <>
          <h3>Other accounts this transaction pays</h3>
          <ChangeTable label="Other accounts" changes={others} tokens={tokens} />
        </>
      ) : null}

      {/* Refused: every check stays in sight. Accepted: the passed checks fold away, so that
          the instructions and the approve button stay close. */}
      <details className="checks" open={!report.accepted}>
        <summary>
          {report.accepted
            ? `All ${report.verdicts.length} checks passed`
            : `Checks (${report.verdicts.filter((v) => !v.ok).length} failed)`}
        </summary>
        <ul className="verdicts" aria-label="Checks">
          {report.verdicts.map((v) => (
            <li key={v.rule} className={v.ok ? 'check-ok' : 'check-failed'}>
              <span aria-hidden="true">{v.ok ? '✓' : '✗'}</span>{' '}
              <span className="visually-hidden">{v.ok ? 'Passed: ' : 'Failed: '}</span>
              {v.reason}
            </li>
          ))}
        </ul>
      </details>

      <h3>Instructions ({report.instructions.length})</h3>
      <div className="instructions">
        <ol aria-label="Instructions">
          {report.instructions.map((ix) => (
            <li key={ix.index}>
              <strong>{ix.programName}</strong>{' '}
              <span className="muted small" title={ix.programId}>
                ({shortenAddress(ix.programId)})
              </span>
              : {ix.summary}
            </li>
          ))}
        </ol>
      </div>

      <details className="checks">
        <summary>
          Accounts touched ({report.accounts.length}
          {report.lookupTables.length > 0
            ? `, ${report.lookupTables.length} from lookup tables resolved on the network`
            : ''}
          )
        </summary>
        <ul className="touched" aria-label="Accounts touched">
          {report.accounts.map((account) => (
            <li key={account.address}>
              <span className="address" title={account.address}>
                {describeAccount(account.address, 6)}
              </span>{' '}
              <span className="muted small">
                {[
                  account.address === report.feePayer ? 'you, fee payer' : null,
                  account.signer ? 'signs' : null,
                  account.writable ? 'writable' : 'read-only',
                  account.fromLookupTable
                    ? `from lookup table ${shortenAddress(account.fromLookupTable)}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

/** True when the fee payer's signature is on the transaction already (a merchant, issue 34). */
function signedBefore(report: ReviewReportView): boolean {
  const payer = report.networkFee.paidBy;
  return report.signatures.some((entry) => entry.signer === payer && entry.state === 'valid');
}

/** A table of balance changes, one row each, named `label` for screen readers. */
function ChangeTable({
  label,
  changes,
  tokens,
}: {
  label: string;
  changes: readonly BalanceChangeView[];
  tokens: readonly TokenInfo[];
}) {
  return (
    <table className="table" aria-label={label}>
      <tbody>
        {changes.map((change) => (
          <ChangeRow
            key={`${change.account}-${change.mint ?? 'sol'}`}
            change={change}
            tokens={tokens}
          />
        ))}
      </tbody>
    </table>
  );
}
