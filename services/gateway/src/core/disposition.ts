/** `attachment; filename=...` with an ASCII fallback and the UTF-8 name (Arabic titles stay whole) */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
