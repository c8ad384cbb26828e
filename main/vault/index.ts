export {
  createVault,
  type Vault,
  type VaultOptions,
  type ImportOptions,
  type CreatedSecret,
  type LedgerAccountInput,
} from './vault';
export { createAccountsFile, type AccountsFile, type AccountsFileData } from './accounts-file';
export { solanaDerivationPath } from './slip10';
