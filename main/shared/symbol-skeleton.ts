/**
 * What a token symbol looks like on screen, so a look-alike can be caught (issue 11: "is it the
 * token they think it is"). Scam tokens copy a known symbol exactly, in another case, with
 * invisible characters, with full-width letters, or with Cyrillic and Greek letters drawn like
 * Latin ones ("UЅDC" with a Cyrillic Ѕ). Two symbols with one skeleton read the same to a person.
 * Deliberately narrow: "USDC.e" and "USDC" stay different, because both are real tokens.
 */

/**
 * Cyrillic and Greek letters that common fonts draw like a Latin one (from Unicode's
 * confusables list), upper and lower case: mapped before lower-casing, because "Η" (Greek
 * capital eta) reads as H while its lower case "η" reads as n. Same position, same letter.
 */
const LOOKALIKE_FROM = 'АВЕКМНОРСТУХЅІЈΑΒΕΖΗΙΚΜΝΟΡΤΥΧаеорсухѕіјԁοναικρ';
const LOOKALIKE_TO = 'ABEKMHOPCTYXSIJABEZHIKMNOPTYXaeopcyxsijdovaikp';

/** Zero-width and other invisible format characters (general category Cf). */
const INVISIBLE = /\p{Cf}/gu;

/** The symbol reduced to what a reader sees: NFKC, no invisible characters, lower case, Latin. */
export function symbolSkeleton(symbol: string): string {
  const visible = symbol.normalize('NFKC').replace(INVISIBLE, '');
  const latin = Array.from(visible, (char) => {
    const at = LOOKALIKE_FROM.indexOf(char);
    return at === -1 ? char : LOOKALIKE_TO.charAt(at);
  });
  return latin.join('').toLowerCase();
}
