export { createSigner, type Signer, type SignerOptions } from './signer';
