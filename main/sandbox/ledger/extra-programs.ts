/**
 * Programs the sandbox loads only when asked (`--jupiter-program FILE`): each at its own id,
 * on every start, since programs are not part of the stored state. Without any, the VM holds
 * exactly what genesis gives it.
 */
import bs58 from 'bs58';
import type { VmInstance } from './vm';

export interface ExtraProgram {
  /** The program id (base58) the binary is loaded at. */
  programId: string;
  /** The program's ELF bytes. */
  bytes: Uint8Array;
}

export function addExtraPrograms(vm: VmInstance, programs: readonly ExtraProgram[]): void {
  for (const program of programs) vm.addProgram(bs58.decode(program.programId), program.bytes);
}
