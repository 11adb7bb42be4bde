import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { GatewayConfig } from '../config';

type Directives = Record<string, string[]>;

/** what the policy depends on, read once from the gateway's parsed config */
export type SecurityHeadersConfig = Pick<GatewayConfig, 'NODE_ENV' | 'S3_ENDPOINT' | 'PUBLIC_BASE_DOMAIN' | 'PUBLIC_PROTOCOL' | 'CSP_FRAME_SRC'>;

/**
 * The Content-Security-Policy of the web app and the API (docs/security.md "HTTP edge"). Only what the app uses:
 * - scripts and workers from this origin only (the bundle, pdf.js's worker /pdf.worker.min.js, the service worker);
 *   no inline script, no eval;
 * - styles from this origin plus inline styles: PrimeReact writes `<style>` elements at run time (docs/decisions.md);
 * - fetches to this origin, the other organization hosts (the portal reads their public /api/), their sockets (the
 *   presentation rooms, ws/wss on the organization hosts), the S3
 *   endpoint (pdf.js reads presigned URLs) and `blob:` (object URLs only this page can have made: a recording read
 *   back; nothing leaves through them);
 * - images and media also from `blob:` (previews of a picked file, recordings) and `data:` (signatures, icons);
 * - frames: this origin and the video-meeting providers (CSP_FRAME_SRC); nobody may frame the app.
 */
export function contentSecurityPolicy(c: SecurityHeadersConfig): Directives {
  const s3 = new URL(c.S3_ENDPOINT).origin;
  const sockets = `${c.PUBLIC_PROTOCOL === 'https' ? 'wss' : 'ws'}://*.${c.PUBLIC_BASE_DOMAIN}`;
  // the organization portal (org.<domain>) reads each saved organization's public name and logo at <slug>.<domain>/api/
  const organizations = `${c.PUBLIC_PROTOCOL}://*.${c.PUBLIC_BASE_DOMAIN}`;
  const production = c.NODE_ENV === 'production';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', s3],
    'media-src': ["'self'", 'blob:', s3],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", organizations, sockets, s3, 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'self'", ...c.CSP_FRAME_SRC],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The queue dashboard (bull-board, platform operators only) ships its own page: inline styles and a Google font
 * stylesheet. Scripts stay this origin's only.
 */
export function dashboardContentSecurityPolicy(): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'font-src': ["'self'", 'https://fonts.gstatic.com', 'data:'],
    'img-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

const serialize = (d: Directives): string =>
  Object.entries(d)
    .map(([k, v]) => (v.length ? `${k} ${v.join(' ')}` : k))
    .join('; ');

export const DASHBOARD_CSP = serialize(dashboardContentSecurityPolicy());

/**
 * The security headers of every answer (one place, before every route, the static files and the error filter):
 * the CSP above, X-Frame-Options DENY, nosniff, Referrer-Policy strict-origin-when-cross-origin, HSTS in production
 * only (a development host on http must not be pinned to https), and helmet's other defaults.
 */
export function securityHeaders(c: SecurityHeadersConfig): RequestHandler {
  const production = c.NODE_ENV === 'production';
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(c) },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // organization hosts are subdomains of one site (the portal org.<domain> reads their public data)
    crossOriginResourcePolicy: { policy: 'same-site' },
    // the video-meeting frames are cross-origin documents that do not send CORP headers
    crossOriginEmbedderPolicy: false,
  }) as RequestHandler;
}
