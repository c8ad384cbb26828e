/**
 * Slippage: a fixed tolerance in basis points, or auto slippage (the service picks) with a
 * maximum. The bps boxes keep their own text while typed and commit only whole numbers in range.
 */
import { useState } from 'react';
import type { Slippage } from '../../stores/swap-store';

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
      {auto ? (
        <div className="field field-narrow">
          <label htmlFor="slippage-max">Maximum slippage (bps)</label>
          <input
            id="slippage-max"
            className="input"
            inputMode="numeric"
            value={maxText}
            aria-invalid={maxError}
            onChange={(event) => {
              setMaxText(event.target.value);
              const value = parseBps(event.target.value, 1);
              if (value !== null) onChange({ mode: 'auto', maxBps: value });
            }}
          />
        </div>
      ) : (
        <div className="field field-narrow">
          <label htmlFor="slippage-bps">Slippage (bps)</label>
          <input
            id="slippage-bps"
            className="input"
            inputMode="numeric"
            value={bpsText}
            aria-invalid={bpsError}
            onChange={(event) => {
              setBpsText(event.target.value);
              const value = parseBps(event.target.value);
              if (value !== null) onChange({ mode: 'bps', bps: value });
            }}
          />
        </div>
      )}
      <p className={bpsError || maxError ? 'field-error' : 'hint'}>
        {bpsError || maxError
          ? 'Enter a whole number of basis points from 1 to 10,000 (100 bps = 1%).'
          : '100 bps = 1%. The swap fails rather than fill below this tolerance.'}
      </p>
    </fieldset>
  );
}
