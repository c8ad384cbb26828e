/**
 * One side of the swap form: **You pay token** or **You receive token**, then what belongs to
 * that side (the amount typed, the balance held). Both sides are the same markup; only their
 * words and the mint they set differ.
 */
import type { ReactNode } from 'react';
import type { TokenInfo } from '../../../../preload/api-types';
import { TokenPicker } from './TokenPicker';

/** The picker's accessible name and its dialog's title, for each side. */
const SIDE_WORDS = {
  pay: { label: 'You pay token', title: 'Choose the token you pay' },
  receive: { label: 'You receive token', title: 'Choose the token you receive' },
} as const;

export interface SwapSideProps {
  side: keyof typeof SIDE_WORDS;
  token: TokenInfo | null;
  disabled: boolean;
  /** The mint picked for this side. */
  onMint: (mint: string) => void;
  /** Under the picker: the amount field, or the balance held. */
  children: ReactNode;
}

/** A `.swap-side` block: the side's token picker, then `children`. */
export function SwapSide({ side, token, disabled, onMint, children }: SwapSideProps) {
  const words = SIDE_WORDS[side];
  return (
    <div className="swap-side">
      <TokenPicker
        label={words.label}
        title={words.title}
        selected={token}
        disabled={disabled}
        onPick={(picked) => onMint(picked.mint)}
      />
      {children}
    </div>
  );
}
