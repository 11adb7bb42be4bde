import type { Watermark } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** what the library says a reader may do with the file (GET /api/library/fetch: can_download, watermark) */
export interface RoomRules {
  canDownload: boolean;
  watermark: Watermark | null;
}

export const watermarkText = (w: Watermark): string => `${w.name} · ${w.email} · ${w.organization} · ${w.time}`;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** the overlay's tile: the watermark's text turned -30°, faint, as an SVG image (no text in the DOM to read twice) */
export function watermarkTile(w: Watermark): string {
  const text = escapeXml(watermarkText(w));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="260"><text x="20" y="200" transform="rotate(-20 260 130)" font-family="sans-serif" font-size="16" fill="rgba(90,90,90,0.28)">${text}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}

/** over the page the viewer shows: the reader's name, e-mail, organization and the time, repeated across it */
export function WatermarkOverlay(props: { watermark: Watermark | null }) {
  if (!props.watermark) return null;
  return <div className="pdf-watermark" style={{ backgroundImage: watermarkTile(props.watermark) }} data-watermark={watermarkText(props.watermark)} data-testid="pdf-watermark" />;
}

/** the toolbar's line: view only, or whose watermark the pages carry */
export function RoomNotice(props: { rules?: RoomRules }) {
  const { t } = useTranslation('viewer');
  if (!props.rules) return null;
  if (!props.rules.canDownload) return <span className="pdf-room-notice" data-testid="viewer-view-only">{t('viewOnly')}</span>;
  if (props.rules.watermark) return <span className="pdf-room-notice" data-testid="viewer-watermarked">{t('watermark.label', { text: watermarkText(props.rules.watermark) })}</span>;
  return null;
}

/**
 * A view-only document is not printed from the viewer: Ctrl/⌘+P does nothing, and a print started from the
 * browser's menu prints a blank page (body.viewer-no-print, viewers.css).
 */
export function useNoPrint(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && (e.key === 'p' || e.key === 'P')) e.preventDefault();
    };
    document.body.classList.add('viewer-no-print');
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.body.classList.remove('viewer-no-print');
      window.removeEventListener('keydown', onKey, true);
    };
  }, [active]);
}

/**
 * A print of a document the reader may take away goes into the organization's activity log: the browser's
 * `beforeprint` (Ctrl/⌘+P or its menu) calls `record` (POST /api/library/{id}/print). Null: nothing is recorded
 * (view only prints nothing, above).
 */
export function usePrintRecord(record: (() => Promise<unknown>) | null): void {
  const latest = useRef(record);
  latest.current = record;
  const active = record !== null;
  useEffect(() => {
    if (!active) return;
    const onPrint = () => {
      latest.current?.().catch((e: unknown) => console.error('print record', e));
    };
    window.addEventListener('beforeprint', onPrint);
    return () => window.removeEventListener('beforeprint', onPrint);
  }, [active]);
}
