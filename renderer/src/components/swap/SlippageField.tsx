/**
 * Slippage: a fixed tolerance in basis points, or auto slippage (the service picks) with a
 * maximum. The bps boxes keep their own text while typed and commit only whole numbers in range.
 */
import { useState } from 'react';
import type { Slippage } from '../../stores/swap-store';
import { TextField } from '../Field';

const BPS = /^\d{1,5}$/;

/** A whole number of basis points from 0 (or `min`) to 10,000, or null. */
export function parseBps(text: string, min = 0): number | null {
  if (!BPS.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= 10_000 ? value : null;
}

export function SlippageField({
  slippage,
  disabled,
  autoOffered = true,
  onChange,
}: {
  slippage: Slippage;
  disabled?: boolean;
  /** False on a swap service without auto slippage (swap/v1): only a fixed slippage. */
  autoOffered?: boolean;
  onChange: (slippage: Slippage) => void;
}) {
  const [bpsText, setBpsText] = useState(slippage.mode === 'bps' ? String(slippage.bps) : '50');
  const [maxText, setMaxText] = useState(
    slippage.mode === 'auto' ? String(slippage.maxBps) : '300',
  );
  const auto = slippage.mode === 'auto';
  const bpsError = !auto && parseBps(bpsText) === null;
  const maxError = auto && parseBps(maxText, 1) === null;
  return (
    <fieldset className="fieldset slippage" disabled={disabled}>
      <legend>Slippage</legend>
      <div className="choice-row">
        <label className="check">
          <input
            type="radio"
            name="slippage-mode"
            checked={!auto}
            onChange={() => onChange({ mode: 'bps', bps: parseBps(bpsText) ?? 50 })}
          />
          Fixed
        </label>
        {autoOffered ? (
          <label className="check">
            <input
              type="radio"
              name="slippage-mode"
              checked={auto}
              onChange={() => onChange({ mode: 'auto', maxBps: parseBps(maxText, 1) ?? 300 })}
            />
            Auto
          </label>
        ) : null}
      </div>
      {autoOffered ? null : (
        <p className="hint">This swap service has no automatic slippage; set it here.</p>
      )}
      {/* One field, the maximum (auto) or the fixed slippage, as the mode says. */}
      <TextField
        id={auto ? 'slippage-max' : 'slippage-bps'}
        label={auto ? 'Maximum slippage (bps)' : 'Slippage (bps)'}
        narrow
        inputMode="numeric"
        value={auto ? maxText : bpsText}
        aria-invalid={auto ? maxError : bpsError}
        onText={(text) => {
          if (auto) {
            setMaxText(text);
            const value = parseBps(text, 1);
            if (value !== null) onChange({ mode: 'auto', maxBps: value });
          } else {
            setBpsText(text);
            const value = parseBps(text);
            if (value !== null) onChange({ mode: 'bps', bps: value });
          }
        }}
      />
      <p className={bpsError || maxError ? 'field-error' : 'hint'}>
        {bpsError || maxError
          ? 'Enter a whole number of basis points from 1 to 10,000 (100 bps = 1%).'
          : '100 bps = 1%. The swap fails rather than fill below this tolerance.'}
      </p>
    </fieldset>
  );
}
