// Every text a sheet shows comes from users or imports; nothing reaches HTML or CSS unescaped.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * A CSS string literal (for `content:` in a page margin box): every character outside letters,
 * digits and spaces as a CSS escape, so no quote, backslash, newline or `</style>` can end it.
 */
export function cssString(text: string): string {
  const escaped = Array.from(text, (ch) =>
    /[\p{L}\p{N} ]/u.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16)} `,
  ).join('');
  return `"${escaped}"`;
}
