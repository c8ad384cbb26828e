/**
 * What the tokens of a transaction can do to the person, read by main from their mints at
 * review time: one sentence each, the dangerous ones (a permanent delegate, a transfer hook)
 * first and with a checkbox **I understand this risk** that **Approve and sign** waits for.
 * Main refuses to sign a dangerous one without that acknowledgement, whatever the page does.
 */
import { useId } from 'react';
import type { TokenWarningView } from '../../../../preload/api-types';
import { CheckBox } from '../CheckBox';

export interface TokenWarningsProps {
  warnings: readonly TokenWarningView[];
  acknowledged: boolean;
  onAcknowledged: (acknowledged: boolean) => void;
}

export function TokenWarnings({ warnings, acknowledged, onAcknowledged }: TokenWarningsProps) {
  const id = useId();
  if (warnings.length === 0) return null;
  const dangerous = warnings.filter((warning) => warning.mustAcknowledge);
  const cautions = warnings.filter((warning) => !warning.mustAcknowledge);
  return (
    <section className="token-warnings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>What these tokens can do</h3>
      {dangerous.length > 0 ? (
        <div className="notice-inline notice-danger" role="alert">
          <ul className="plain-list" aria-label="Dangerous token warnings">
            {dangerous.map((warning) => (
              <li key={`${warning.mint}-${warning.kind}`}>{warning.sentence}</li>
            ))}
          </ul>
          <CheckBox checked={acknowledged} onChecked={onAcknowledged}>
            I understand this risk
          </CheckBox>
        </div>
      ) : null}
      {cautions.length > 0 ? (
        <ul className="plain-list notice-inline notice-warning" aria-label="Token warnings">
          {cautions.map((warning) => (
            <li key={`${warning.mint}-${warning.kind}`}>{warning.sentence}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
