/**
 * **You pay**: the amount in user units of the input token. Too many decimals, or anything
 * that is not a number, shows an inline error naming the token's decimals; **Max** fills in the
 * balance, less a SOL reserve for fees and rent when paying with SOL.
 */
import { useId } from 'react';
import type { TokenInfo } from '../../../../preload/api-types';
import { formatUnits } from '../../lib/format';
import {
  maxSpendable,
  readAmountInput,
  SOL_FEE_RESERVE,
  NATIVE_MINT,
} from '../../lib/token-amount';
import { tokenName } from '../../stores/tokens-store';
import { formatMintUnits, maxText } from '../../lib/token-scale';

export interface AmountFieldProps {
  text: string;
  token: TokenInfo | null;
  /** The account's balance of the input token in base units; null while unknown. */
  balance: bigint | null;
  disabled?: boolean;
  onChange: (text: string) => void;
}

export function AmountField({ text, token, balance, disabled, onChange }: AmountFieldProps) {
  const id = useId();
  const parsed = token ? readAmountInput(text, token.decimals, token.mint) : null;
  const error = parsed?.state === 'invalid' ? parsed.message : null;
  const tooMuch =
    parsed?.state === 'valid' && balance !== null && parsed.baseUnits > balance
      ? `That is more than your balance of ${formatMintUnits(balance, token?.decimals ?? 0, token?.mint, { group: true })} ${tokenName(token, token?.mint ?? null)}.`
      : null;
  const isSol = token?.mint === NATIVE_MINT;
  const max = token && balance !== null ? maxSpendable(token.mint, balance) : null;
  return (
    <div className="field amount-field">
      <label htmlFor={id}>You pay</label>
      <div className="amount-row">
        <input
          id={id}
          className="input amount-input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0.0"
          value={text}
          disabled={disabled}
          aria-invalid={error !== null}
          aria-describedby={`${id}-error ${id}-balance`}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button button-small"
          disabled={disabled || max === null || max === 0n}
          onClick={() => {
            if (token && max !== null) onChange(maxText(max, token.decimals, token.mint));
          }}
          title={
            isSol
              ? `Keeps ${formatUnits(SOL_FEE_RESERVE, 9)} SOL for network fees and rent`
              : undefined
          }
        >
          Max
        </button>
      </div>
      <p id={`${id}-error`} className={error || tooMuch ? 'field-error' : 'field-error-empty'}>
        {error ?? tooMuch}
      </p>
      <p id={`${id}-balance`} className="hint">
        {token && balance !== null
          ? `Balance: ${formatMintUnits(balance, token.decimals, token.mint, { group: true })} ${tokenName(token, token.mint)}`
          : null}
        {isSol && balance !== null
          ? ` · Max keeps ${formatUnits(SOL_FEE_RESERVE, 9)} SOL for fees and rent`
          : null}
      </p>
    </div>
  );
}
