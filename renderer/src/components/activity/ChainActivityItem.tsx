/**
 * One transaction of the chain's history of the person's accounts (issue 18), e.g.
 * "Received 5 USDC from AbCd…WxYz": each token that moved into or out of their hands, with
 * the other side (the full address in the title and the accessible name), the time, the
 * network fee they paid and the status.
 */
import type {
  ChainActivityView,
  ChainMovementView,
  TokenInfo,
} from '../../../../preload/api-types';
import { formatSol, shortenAddress } from '../../lib/format';
import { movementText } from '../../lib/activity-text';
import { ActivityItem } from './ActivityItem';

function kindOf(entry: ChainActivityView): string {
  const signs = new Set(entry.movements.map((m) => BigInt(m.change) > 0n));
  if (signs.size !== 1) return 'Transaction';
  return signs.has(true) ? 'Received' : 'Sent';
}

function Movement({
  movement,
  tokens,
}: {
  movement: ChainMovementView;
  tokens: readonly TokenInfo[];
}) {
  const change = BigInt(movement.change);
  const received = change > 0n;
  const other = movement.counterparties[0];
  return (
    <span className="chain-movement">
      {received ? '+' : '−'}
      {movementText(
        change,
        movement.uiChange,
        movement.mint,
        tokens,
        movement.token ? [movement.token] : [],
      )}
      {other ? (
        <>
          {received ? ' from ' : ' to '}
          <span title={other} aria-label={other}>
            {shortenAddress(other)}
          </span>
          {movement.counterparties.length > 1
            ? ` and ${movement.counterparties.length - 1} more`
            : null}
        </>
      ) : null}
    </span>
  );
}

export function ChainActivityItem({
  entry,
  tokens,
}: {
  entry: ChainActivityView;
  tokens: readonly TokenInfo[];
}) {
  return (
    <ActivityItem
      kind={kindOf(entry)}
      title={
        entry.movements.length === 0
          ? 'No change to your balances'
          : entry.movements.map((movement, i) => (
              <span key={movement.mint}>
                {i > 0 ? '; ' : null}
                <Movement movement={movement} tokens={tokens} />
              </span>
            ))
      }
      time={entry.time}
      signature={entry.signature}
      meta={entry.fee ? ` · network fee ${formatSol(entry.fee)}` : null}
      status={entry.status}
      statusWords={entry.status === 'failed' ? 'Failed' : 'Confirmed'}
      explorerUrl={entry.explorerUrl}
    />
  );
}
