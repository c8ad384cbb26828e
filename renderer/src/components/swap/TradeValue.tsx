/**
 * What a swap or payment is worth, side by side, and whose prices say so (issue 25): Pyth's
 * oracle prices, read from the network, where the wallet has a feed for the token; the swap
 * service's otherwise. Main computed the values (exact decimals) and the sentences; this only
 * shows them.
 */
import type { SideValuationView, TradeValuationView } from '../../../../preload/api-types';
import { formatUsd, parseDecimal } from '../../../../main/shared/usd';

function sourceText(side: SideValuationView): string {
  if (side.source === 'oracle') return `Pyth oracle price${side.feed ? ` (${side.feed})` : ''}`;
  if (side.source === 'stale-oracle')
    return `Pyth's last price${side.feed ? ` (${side.feed})` : ''}`;
  if (side.source === 'pool') return 'the deepest on-chain pool';
  if (side.source === 'stake-pool') return "its stake pool's rate";
  if (side.source === 'service') return "the swap service's price";
  return 'no price';
}

function usdText(side: SideValuationView): string {
  const value = side.usd === null ? null : parseDecimal(side.usd);
  return value ? `≈ ${formatUsd(value)}` : 'No USD price';
}

export function TradeValue({ valuation }: { valuation: TradeValuationView | undefined }) {
  if (!valuation) return null;
  const exactIn = valuation.swapMode === 'ExactIn';
  const rows = [
    { label: exactIn ? 'You give' : 'You give at most', side: valuation.input },
    { label: exactIn ? 'You get at least' : 'You get', side: valuation.output },
  ];
  return (
    <section className="trade-value" aria-label="What it is worth">
      <h3>What it is worth</h3>
      <table className="table">
        <tbody>
          {rows.map(({ label, side }) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num" aria-label={`${label} in USD`}>
                {usdText(side)}
              </td>
              <td className="muted small" aria-label={`${label}: whose price`}>
                {sourceText(side)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="plain-list muted small" aria-label="Whose prices">
        {valuation.sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
  );
}
