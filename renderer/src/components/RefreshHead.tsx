/**
 * A card's heading with a **Refresh** button beside it, for a card that shows what main read
 * and can read again.
 */
import type { ReactNode } from 'react';

export function RefreshHead({
  id,
  title,
  onRefresh,
  disabled,
  words = 'Refresh',
}: {
  /** The heading's id, which names the card. */
  id: string;
  title: ReactNode;
  onRefresh: () => void;
  /** While a read is under way. */
  disabled?: boolean;
  /** The button's words. */
  words?: ReactNode;
}) {
  return (
    <div className="card-head">
      <h2 id={id} className="card-title">
        {title}
      </h2>
      <button type="button" className="button button-small" onClick={onRefresh} disabled={disabled}>
        {words}
      </button>
    </div>
  );
}
