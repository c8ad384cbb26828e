/**
 * A payment entered by hand: **Recipient** (the payee's wallet or token account), **Token to
 * pay** (the token the payee receives) and **Amount** (exact, user units). **Use these details**
 * writes them as a transfer-request link into the Payment request box, which main reads like
 * any pasted link, so both ways meet the same checks.
 */
import { useId, useState } from 'react';
import type { TokenInfo } from '../../../../preload/api-types';
import { readAmountInput } from '../../lib/token-amount';
import { manualRequestText } from '../../stores/pay-store';
import { TokenPicker } from '../swap/TokenPicker';
import { TextField } from '../Field';
import { AddressField, useAddressText } from '../AddressField';

export interface ManualPaymentFormProps {
  disabled: boolean;
  onSubmit: (text: string) => void;
}

export function ManualPaymentForm({ disabled, onSubmit }: ManualPaymentFormProps) {
  const id = useId();
  const recipient = useAddressText('', 'A Solana address is 32 to 44 base58 characters.');
  const [token, setToken] = useState<TokenInfo | null>(null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);

  const read = token ? readAmountInput(amount, token.decimals) : null;
  const amountError = read?.state === 'invalid' ? read.message : null;
  const ready =
    recipient.trimmed !== '' && recipient.error === null && token && read?.state === 'valid';

  return (
    <details className="manual-payment">
      <summary>Enter recipient, token and amount by hand</summary>
      <form
        className="manual-payment-form"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (ready && token) onSubmit(manualRequestText(recipient.text, token.mint, amount));
        }}
      >
        <AddressField
          id={`${id}-recipient`}
          label="Recipient"
          placeholder="Wallet address of the payee"
          address={recipient}
          disabled={disabled}
        />
        <div className="field">
          <span className="label-text">Token the payee receives</span>
          <TokenPicker
            label="Token to pay"
            title="Choose the token the payee receives"
            selected={token}
            disabled={disabled}
            onPick={setToken}
          />
        </div>
        <TextField
          id={`${id}-amount`}
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Exact amount, e.g. 12.5"
          value={amount}
          disabled={disabled}
          aria-invalid={amountError ? true : undefined}
          onText={setAmount}
          error={
            amountError ?? (touched && !ready ? 'Fill in the recipient, token and amount.' : null)
          }
        />
        <button type="submit" className="button" disabled={disabled}>
          Use these details
        </button>
      </form>
    </details>
  );
}
