import { useEffect, useState } from 'react';
import { NEWS_ALLOWED_ATTRIBUTES, NEWS_ALLOWED_TAGS } from '@servicedesk/contracts';

/**
 * The client's sanitiser of a post body (issue #18 "sanitised on the server and on the client"):
 * DOMPurify with the contracts allow-list (the server's sanitize-html keeps the same), loaded on
 * first use so it stays out of the first load. Links open in a new tab without an opener.
 */
export async function sanitizeNewsHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  const purify = DOMPurify;
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  try {
    return purify.sanitize(html, {
      ALLOWED_TAGS: [...NEWS_ALLOWED_TAGS],
      ALLOWED_ATTR: [...new Set(Object.values(NEWS_ALLOWED_ATTRIBUTES).flat())],
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    });
  } finally {
    purify.removeHook('afterSanitizeAttributes');
  }
}

/** `html` sanitised on the client; null until DOMPurify has loaded. */
export function useSanitizedHtml(html: string | undefined): string | null {
  const [clean, setClean] = useState<{ source: string; html: string } | null>(null);
  useEffect(() => {
    if (html === undefined) return undefined;
    let live = true;
    void sanitizeNewsHtml(html).then((out) => {
      if (live) setClean({ source: html, html: out });
    });
    return () => {
      live = false;
    };
  }, [html]);
  return clean && clean.source === html ? clean.html : null;
}
