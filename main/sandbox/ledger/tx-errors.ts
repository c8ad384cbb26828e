/**
 * Turns the VM's transaction errors into the validator's JSON form (`"BlockhashNotFound"`,
 * `{"InstructionError":[0,{"Custom":1}]}`) and the validator's human message, which is what
 * RPC clients show ("Transaction simulation failed: Error processing Instruction 0: ...").
 */
import { vmBinding as vm, type FailedTransactionMetadata } from './vm';

/** The validator's JSON encoding of a TransactionError. */
export type TransactionErrorJson = string | Record<string, unknown>;

/** TransactionErrorFieldless in the order of its numeric values. */
const FIELDLESS_TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

/** InstructionErrorFieldless in the order of its numeric values. */
const FIELDLESS_INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

/** The validator's messages for the errors a wallet meets most (solana-sdk's Display). */
const TRANSACTION_ERROR_MESSAGES: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableIndex: 'Transaction address table lookup uses an invalid index',
  MissingSignatureForFee: 'Transaction did not pass signature verification',
  UnsupportedVersion: 'Transaction version is unsupported',
};

const INSTRUCTION_ERROR_MESSAGES: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  IllegalOwner: 'Provided owner is not allowed',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  MissingAccount: 'An account required by the instruction is missing',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramFailedToComplete: 'Program failed to complete',
  Immutable: 'Account is immutable',
  IncorrectAuthority: 'Incorrect authority provided',
};

type VmError = ReturnType<FailedTransactionMetadata['err']>;

/** The JSON form of a VM transaction error. */
export function transactionErrorJson(err: VmError): TransactionErrorJson {
  if (typeof err === 'number') return FIELDLESS_TRANSACTION_ERRORS[err] ?? `UnknownError${err}`;
  if (err instanceof vm.TransactionErrorInstructionError) {
    const inner = err.err();
    let innerJson: unknown;
    if (typeof inner === 'number')
      innerJson = FIELDLESS_INSTRUCTION_ERRORS[inner] ?? 'GenericError';
    else if (inner instanceof vm.InstructionErrorCustom) innerJson = { Custom: inner.code };
    else if (inner instanceof vm.InstructionErrorBorshIo) innerJson = { BorshIoError: inner.msg };
    else innerJson = 'GenericError';
    return { InstructionError: [err.index, innerJson] };
  }
  if (err instanceof vm.TransactionErrorDuplicateInstruction)
    return { DuplicateInstruction: err.index };
  if (err instanceof vm.TransactionErrorInsufficientFundsForRent) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } };
  }
  if (err instanceof vm.TransactionErrorProgramExecutionTemporarilyRestricted) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } };
  }
  return 'UnknownError';
}

/** The validator's text for an error in JSON form. */
export function transactionErrorMessage(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_MESSAGES[err] ?? err;
  const instruction = err['InstructionError'];
  if (Array.isArray(instruction)) {
    const [index, inner] = instruction as [number, unknown];
    return `Error processing Instruction ${index}: ${instructionErrorText(inner)}`;
  }
  const rent = err['InsufficientFundsForRent'] as { account_index: number } | undefined;
  if (rent) {
    return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`;
  }
  if ('DuplicateInstruction' in err) {
    return `Transaction contains a duplicate instruction (${String(err['DuplicateInstruction'])}) that is not allowed`;
  }
  return JSON.stringify(err);
}

function instructionErrorText(inner: unknown): string {
  if (typeof inner === 'string') return INSTRUCTION_ERROR_MESSAGES[inner] ?? inner;
  if (inner && typeof inner === 'object' && 'Custom' in inner) {
    return `custom program error: 0x${Number((inner as { Custom: number }).Custom).toString(16)}`;
  }
  if (inner && typeof inner === 'object' && 'BorshIoError' in inner) {
    return `Failed to serialize or deserialize account data: ${String((inner as { BorshIoError: string }).BorshIoError)}`;
  }
  return JSON.stringify(inner);
}
