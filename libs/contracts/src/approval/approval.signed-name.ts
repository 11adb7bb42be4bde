/** the download name of a signed document: the original's, with "-signed" before its extension (a pure rule) */
export function signedName(name: string): string {
  const m = /^(.*?)(\.[A-Za-z0-9]{1,8})?$/.exec(name.trim())!;
  return `${m[1] || 'document'}-signed${m[2] ?? '.pdf'}`;
}
