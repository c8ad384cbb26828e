/**
 * The check main makes of a new password before it seals anything with it (issue 24); the
 * rules themselves are in main/shared/password-strength.ts, which the renderer also uses.
 */
import { WalletError } from '../shared/errors';
import { weaknessOf } from '../shared/password-strength';

/**
 * Checks a new password and its confirmation; throws WEAK_PASSWORD saying why.
 */
export function assertGoodPassword(password: string, confirm?: string): void {
  if (confirm !== undefined && confirm !== password) {
    throw new WalletError(
      'WEAK_PASSWORD',
      'The two passwords are not the same. Type the same password in Password and Confirm password.',
    );
  }
  const weakness = weaknessOf(password);
  if (weakness) throw new WalletError('WEAK_PASSWORD', `That password is too weak. ${weakness}`);
}
