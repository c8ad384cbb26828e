/**
 * An always-present alert region: screen readers announce text inserted into it, and it takes
 * no space while empty.
 */
import type { BridgeError } from '../../../main/shared/result';

export function AlertMessage({ error, id }: { error: BridgeError | null; id?: string }) {
  return (
    <div role="alert" id={id} className={error ? 'alert' : 'alert alert-empty'}>
      {error ? error.message : null}
    </div>
  );
}
