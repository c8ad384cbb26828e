/**
 * Transfer-hook programs the wallet can name (issue 35): the review says which program a
 * token's hook runs and whether the wallet knows it. A hook not listed here is named by its
 * address only, as a program the wallet does not know.
 */

/** Program id to what the wallet calls it. */
const KNOWN_HOOK_PROGRAMS: Readonly<Record<string, string>> = {
  // The sandbox's HOOK token runs SPL's transfer-hook example (Apache-2.0) at this id:
  // resources/programs/spl-transfer-hook-example/PROVENANCE.md. The id only exists there.
  CeqVj7SbkceCd7CK3DqpfaF5AR5Fpao2pMNvQSgy2K45: 'the SPL transfer-hook example program (sandbox)',
};

/** What the wallet calls a hook program, or null when it does not know it. */
export function knownHookProgram(program: string): string | null {
  return KNOWN_HOOK_PROGRAMS[program] ?? null;
}
