/**
 * Advanced options of a quote, folded away by default: direct routes only, venues to include
 * or exclude (comma-separated labels, as the swap API takes them), maximum accounts, a legacy
 * transaction, and the priority fee. A service without direct-routes-only or legacy
 * transactions (the Swap API v2) is not offered them (`routeShapeOffered` false).
 */
import { useState } from 'react';
import type { AdvancedOptions, PriorityFeeChoice } from '../../stores/swap-store';
import { Field, TextField } from '../Field';

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

  // Venues to include and to exclude: the same field but for its words and its option.
  const venueFields = [
    {
      id: 'venues-include',
      label: 'Venues to include',
      text: include,
      setText: setInclude,
      placeholder: 'Any venue',
      option: 'dexes',
      hint: null,
    },
    {
      id: 'venues-exclude',
      label: 'Venues to exclude',
      text: exclude,
      setText: setExclude,
      placeholder: 'None',
      option: 'excludeDexes',
      hint: 'Venue names separated by commas, e.g. Whirlpool, Raydium CLMM.',
    },
  ] as const;

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
        {venueFields.map((field) => (
          <TextField
            key={field.id}
            id={field.id}
            label={field.label}
            value={field.text}
            placeholder={field.placeholder}
            onText={field.setText}
            onBlur={() => onChange({ [field.option]: parseVenues(field.text) })}
          >
            {field.hint ? <p className="hint">{field.hint}</p> : null}
          </TextField>
        ))}
        <TextField
          id="max-accounts"
          label="Max accounts"
          narrow
          inputMode="numeric"
          value={maxAccounts}
          placeholder="64"
          aria-invalid={maxAccountsError}
          onText={(typed) => {
            setMaxAccounts(typed);
            const text = typed.trim();
            const value = Number(text);
            if (text === '') onChange({ maxAccounts: null });
            else if (Number.isInteger(value) && value >= 1 && value <= 256) {
              onChange({ maxAccounts: value });
            }
          }}
        >
          {maxAccountsError ? (
            <p className="field-error">Enter a whole number from 1 to 256.</p>
          ) : null}
        </TextField>
        <Field id="priority-fee" label="Priority fee">
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
        </Field>
        {/* A fixed fee is typed in lamports; a level has a cap; auto and none have neither. */}
        {feeKind === 'auto' || feeKind === 'none' ? null : (
          <TextField
            id={feeKind === 'lamports' ? 'priority-lamports' : 'priority-max'}
            label={feeKind === 'lamports' ? 'Priority fee (lamports)' : 'Most to pay (lamports)'}
            narrow
            inputMode="numeric"
            value={feeKind === 'lamports' ? lamports : maxLamports}
            onText={(typed) => {
              if (feeKind === 'lamports') {
                setLamports(typed);
                applyFee('lamports', typed.trim(), maxLamports);
              } else {
                setMaxLamports(typed);
                applyFee(feeKind, lamports, typed.trim());
              }
            }}
          />
        )}
      </fieldset>
    </details>
  );
}
