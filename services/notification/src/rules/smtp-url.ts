import { isIP } from 'node:net';

/** mail catchers that development and test setups run (compose's maildev service among them) */
const CATCHERS = new Set(['maildev', 'mailhog', 'mailpit', 'mailcatcher', 'smtp4dev']);

/**
 * Why an SMTP_URL names a server that only suits development (a mail catcher, or this machine), or null when it does
 * not: production refuses such a server (config.ts), so that no deployment falls back to maildev or to a relay that
 * is not there. By host name only: the URL is not resolved.
 */
export function developmentSmtpServer(smtpUrl: string): string | null {
  let host: string;
  try {
    host = new URL(smtpUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  } catch {
    // not a URL: SMTP_URL's own check reports it
    return null;
  }
  if (CATCHERS.has(host) || CATCHERS.has(host.split('.')[0])) return `${host} is a development mail catcher`;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine`;
  const ip = isIP(host);
  if (ip === 4 && (host.startsWith('127.') || host === '0.0.0.0')) return `${host} is this machine`;
  // the URL parser writes IPv6 in its short form: ::1, ::, and 127.x mapped as ::ffff:7fxx:xxxx
  if (ip === 6 && /^(::1?|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})$/.test(host)) return `${host} is this machine`;
  return null;
}
