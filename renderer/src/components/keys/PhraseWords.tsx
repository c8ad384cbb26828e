/** A recovery phrase shown numbered, in one element named **Recovery phrase** (issue 24). */
export function PhraseWords({ words }: { words: string[] }) {
  return (
    <ol className="phrase-words" aria-label="Recovery phrase">
      {words.map((word, i) => (
        <li key={i}>
          <span className="muted small">{i + 1}.</span> <code>{word}</code>
        </li>
      ))}
    </ol>
  );
}
