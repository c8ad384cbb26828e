export { createSigner, type Signer, type SignerOptions } from './signer';
export { createAccountSigner, type AccountSignerOptions } from './account-signer';
