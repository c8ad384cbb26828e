export type { Keychain, KeychainCredential } from './keychain';
export {
  createKeytarKeychain,
  type KeytarModule,
  type KeytarKeychainOptions,
} from './keytar-keychain';
export { classifyKeychainFailure, keychainUnavailable } from './keychain-errors';
