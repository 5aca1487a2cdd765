import type { SnippetPart } from '@servicedesk/contracts';

/**
 * A search snippet (issue #41): the server's parts of the original text, the words found in <mark>.
 * Rendered as text nodes only — a document's own markup (`<b>`, a script) shows as the characters
 * it is, never as HTML.
 */
export function Snippet({ parts }: { parts: readonly SnippetPart[] | null }) {
  if (!parts?.length) return null;
  return <span data-testid="search-snippet">{parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</span>;
}
