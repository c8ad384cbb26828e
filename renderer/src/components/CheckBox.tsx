/**
 * A checkbox inside its label (`label.check`): the words after the box name it, so tests and
 * screen readers find it by them ("I understand this risk").
 */
import type { ReactNode } from 'react';

export interface CheckBoxProps {
  checked: boolean;
  /** The new state, at each click. */
  onChecked: (checked: boolean) => void;
  disabled?: boolean;
  /** The words after the box: its name. */
  children: ReactNode;
}

/** A labelled checkbox. */
export function CheckBox({ checked, onChecked, disabled, children }: CheckBoxProps) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChecked(event.target.checked)}
      />
      {children}
    </label>
  );
}
