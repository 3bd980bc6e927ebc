/** Text as HTML shows it: the five characters that could start markup or end an attribute, escaped. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** XML text and attribute values escape the same characters. */
export const escapeXml = escapeHtml;
