/**
 * Advanced options of a quote, folded away by default: direct routes only, venues to include
 * or exclude (comma-separated labels, as the swap API takes them), maximum accounts, a legacy
 * transaction, and the priority fee. A service without direct-routes-only or legacy
 * transactions (the Swap API v2) is not offered them (`routeShapeOffered` false).
 */
import { useState } from 'react';
import type { AdvancedOptions, PriorityFeeChoice } from '../../stores/swap-store';

/** "Whirlpool, Raydium CLMM" -> ['Whirlpool', 'Raydium CLMM'] (blank parts dropped). */
export function parseVenues(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

const LAMPORTS = /^(0|[1-9]\d{0,15})$/;

type FeeKind = 'auto' | 'none' | 'medium' | 'high' | 'veryHigh' | 'lamports';

function kindOf(fee: PriorityFeeChoice): FeeKind {
  return fee.kind === 'level' ? fee.level : fee.kind;
}

export function AdvancedOptionsPanel({
  options,
  disabled,
  routeShapeOffered = true,
  onChange,
}: {
  options: AdvancedOptions;
  disabled?: boolean;
  /** False on a service that has neither "direct routes only" nor legacy transactions. */
  routeShapeOffered?: boolean;
  onChange: (change: Partial<AdvancedOptions>) => void;
}) {
  const [include, setInclude] = useState(options.dexes.join(', '));
  const [exclude, setExclude] = useState(options.excludeDexes.join(', '));
  const [maxAccounts, setMaxAccounts] = useState(options.maxAccounts?.toString() ?? '');
  const [feeKind, setFeeKind] = useState<FeeKind>(kindOf(options.priorityFee));
  const [lamports, setLamports] = useState(
    options.priorityFee.kind === 'lamports' ? options.priorityFee.lamports : '10000',
  );
  const [maxLamports, setMaxLamports] = useState(
    options.priorityFee.kind === 'level' ? options.priorityFee.maxLamports : '1000000',
  );
  const maxAccountsValue = maxAccounts.trim() === '' ? null : Number(maxAccounts);
  const maxAccountsError =
    maxAccountsValue !== null &&
    (!Number.isInteger(maxAccountsValue) || maxAccountsValue < 1 || maxAccountsValue > 256);

  const applyFee = (kind: FeeKind, fixed: string, cap: string) => {
    if (kind === 'auto' || kind === 'none') onChange({ priorityFee: { kind } });
    else if (kind === 'lamports') {
      if (LAMPORTS.test(fixed)) onChange({ priorityFee: { kind: 'lamports', lamports: fixed } });
    } else if (LAMPORTS.test(cap)) {
      onChange({ priorityFee: { kind: 'level', level: kind, maxLamports: cap } });
    }
  };

  return (
    <details className="advanced">
      <summary>Advanced options</summary>
      <fieldset className="fieldset" disabled={disabled}>
        <legend className="visually-hidden">Advanced options</legend>
        {routeShapeOffered ? (
          <>
            <label className="check">
              <input
                type="checkbox"
                checked={options.onlyDirectRoutes}
                onChange={(event) => onChange({ onlyDirectRoutes: event.target.checked })}
              />
              Direct routes only (one hop)
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={options.asLegacyTransaction}
                onChange={(event) => onChange({ asLegacyTransaction: event.target.checked })}
              />
              Legacy transaction (no lookup tables)
            </label>
          </>
        ) : null}
        <div className="field">
          <label htmlFor="venues-include">Venues to include</label>
          <input
            id="venues-include"
            className="input"
            value={include}
            placeholder="Any venue"
            onChange={(event) => setInclude(event.target.value)}
            onBlur={() => onChange({ dexes: parseVenues(include) })}
          />
        </div>
        <div className="field">
          <label htmlFor="venues-exclude">Venues to exclude</label>
          <input
            id="venues-exclude"
            className="input"
            value={exclude}
            placeholder="None"
            onChange={(event) => setExclude(event.target.value)}
            onBlur={() => onChange({ excludeDexes: parseVenues(exclude) })}
          />
          <p className="hint">Venue names separated by commas, e.g. Whirlpool, Raydium CLMM.</p>
        </div>
        <div className="field field-narrow">
          <label htmlFor="max-accounts">Max accounts</label>
          <input
            id="max-accounts"
            className="input"
            inputMode="numeric"
            value={maxAccounts}
            placeholder="64"
            aria-invalid={maxAccountsError}
            onChange={(event) => {
              setMaxAccounts(event.target.value);
              const text = event.target.value.trim();
              const value = Number(text);
              if (text === '') onChange({ maxAccounts: null });
              else if (Number.isInteger(value) && value >= 1 && value <= 256) {
                onChange({ maxAccounts: value });
              }
            }}
          />
          {maxAccountsError ? (
            <p className="field-error">Enter a whole number from 1 to 256.</p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="priority-fee">Priority fee</label>
          <select
            id="priority-fee"
            className="select"
            value={feeKind}
            onChange={(event) => {
              const kind = event.target.value as FeeKind;
              setFeeKind(kind);
              applyFee(kind, lamports, maxLamports);
            }}
          >
            <option value="auto">Automatic</option>
            <option value="none">None</option>
            <option value="medium">Medium (capped)</option>
            <option value="high">High (capped)</option>
            <option value="veryHigh">Very high (capped)</option>
            <option value="lamports">Fixed amount</option>
          </select>
        </div>
        {feeKind === 'lamports' ? (
          <div className="field field-narrow">
            <label htmlFor="priority-lamports">Priority fee (lamports)</label>
            <input
              id="priority-lamports"
              className="input"
              inputMode="numeric"
              value={lamports}
              onChange={(event) => {
                setLamports(event.target.value);
                applyFee('lamports', event.target.value.trim(), maxLamports);
              }}
            />
          </div>
        ) : null}
        {feeKind === 'medium' || feeKind === 'high' || feeKind === 'veryHigh' ? (
          <div className="field field-narrow">
            <label htmlFor="priority-max">Most to pay (lamports)</label>
            <input
              id="priority-max"
              className="input"
              inputMode="numeric"
              value={maxLamports}
              onChange={(event) => {
                setMaxLamports(event.target.value);
                applyFee(feeKind, lamports, event.target.value.trim());
              }}
            />
          </div>
        ) : null}
      </fieldset>
    </details>
  );
}
