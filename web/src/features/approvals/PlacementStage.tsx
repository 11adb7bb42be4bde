import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '@app/contracts';
import { isCancel, type PdfHandle } from '../viewers/pdf-engine';
import { fitScale } from '../viewers/pdf-rules';
import { boxKeyStep, moveBox, resizeBox, scaleOf, toPixels, type Box } from './placement-math';
import './placement.css';

/** a box on the drawn page: where (points), what it is, and what it shows */
export interface StageBox extends Box {
  key: string;
  kind: 'signature' | 'stamp';
  label: string;
  /** the image it will show (a data URL), when chosen */
  image?: string | null;
  color?: string;
  /** the appearance's lines (name, title, date, reason), to its right or below it */
  lines?: string[];
  linesBelow?: boolean;
}

type Gesture = { key: string; mode: 'move' | 'resize'; x: number; y: number; start: Box; id: number };

/**
 * One PDF page with boxes on it that move (drag the box) and resize (drag its corner handle), in points of the
 * page (placement-math.ts). The page is drawn fitted to the width it is given; the boxes follow its scale.
 * `stageRef` hands out the page's element, so a palette can drop new boxes on it.
 */
export function PlacementStage(props: {
  handle: PdfHandle;
  page: number;
  size: PageSize;
  boxes: StageBox[];
  selected: string | null;
  onSelect(key: string | null): void;
  onChange(key: string, box: Box): void;
  onRemove?(key: string): void;
  stageRef?(el: HTMLDivElement | null): void;
  /** the page's drawing finished (journeys wait for it) */
  onRendered?(page: number): void;
  overlay?: ReactNode;
}) {
  const { t } = useTranslation('signing');
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [available, setAvailable] = useState(0);
  const [drawn, setDrawn] = useState<{ w: number; h: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [rendered, setRendered] = useState(0);
  const gesture = useRef<Gesture | null>(null);
  const { handle, page, size, onRendered } = props;

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return undefined;
    const measure = () => setAvailable(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // the page, fitted to the room it has (never enlarged)
  const scale = fitScale(size.width, available || size.width + 32);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    let live = true;
    setFailed(false);
    setRendered(0);
    handle
      .render(page, canvas, scale, 0)
      .then(() => {
        if (!live) return;
        const w = parseFloat(canvas.style.width) || size.width * scale;
        const h = parseFloat(canvas.style.height) || size.height * scale;
        setDrawn({ w, h });
        setRendered(page);
        onRendered?.(page);
      })
      .catch((e: unknown) => {
        if (isCancel(e)) return;
        console.error(`pdf page ${page}`, e);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [handle, page, scale, size.width, size.height, onRendered]);

  const px = scaleOf(drawn?.w ?? size.width * scale, size.width);

  const begin = (e: ReactPointerEvent<HTMLElement>, b: StageBox, mode: Gesture['mode']) => {
    if (e.button !== undefined && e.button !== 0) return;
    e.stopPropagation();
    e.preventDefault();
    props.onSelect(b.key);
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    gesture.current = { key: b.key, mode, x: e.clientX, y: e.clientY, start: { px: b.px, py: b.py, width: b.width, height: b.height }, id: e.pointerId };
  };
  const { onChange } = props;
  const follow = useCallback(
    (e: ReactPointerEvent<HTMLElement>) => {
      const g = gesture.current;
      if (!g) return;
      const dx = e.clientX - g.x;
      const dy = e.clientY - g.y;
      onChange(g.key, g.mode === 'move' ? moveBox(g.start, dx, dy, px, size) : resizeBox(g.start, dx, dy, px, size));
    },
    [onChange, px, size],
  );
  const end = () => {
    gesture.current = null;
  };
  /** the keyboard's way to move a box: the arrow keys move it (Shift: five times as far), Delete removes it */
  const keys = (e: ReactKeyboardEvent<HTMLElement>, b: StageBox) => {
    if (e.target !== e.currentTarget) return;
    const d = boxKeyStep(e.key, e.shiftKey);
    if (d) {
      e.preventDefault();
      props.onSelect(b.key);
      onChange(b.key, moveBox({ px: b.px, py: b.py, width: b.width, height: b.height }, d.dx, d.dy, px, size));
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && props.onRemove) {
      e.preventDefault();
      props.onRemove(b.key);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      props.onSelect(b.key);
    }
  };

  return (
    <div className="placement-wrap" ref={wrapRef}>
      <div
        className="placement-page"
        ref={props.stageRef}
        data-testid="placement-page"
        data-page={page}
        data-rendered={rendered}
        data-scale={px}
        style={drawn ? { width: drawn.w, height: drawn.h } : undefined}
        onPointerDown={() => props.onSelect(null)}
      >
        {failed && (
          <div className="pdf-page__failed" role="alert" data-testid="placement-page-failed">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" />
            {t('pageFailed')}
          </div>
        )}
        <canvas ref={canvasRef} hidden={failed} data-testid="placement-canvas" />
        {props.boxes.map((b) => {
          const r = toPixels(b, px);
          const selected = props.selected === b.key;
          return (
            <div
              key={b.key}
              className={`placement-box placement-box--${b.kind}${selected ? ' placement-box--selected' : ''}`}
              style={{ left: r.px, top: r.py, width: r.width, height: r.height, borderColor: b.color, backgroundColor: b.color ? `${b.color}1f` : undefined }}
              data-testid={`placement-box-${b.kind}`}
              data-color={b.color}
              data-key={b.key}
              data-box={[b.px, b.py, b.width, b.height].map((n) => n.toFixed(1)).join(',')}
              role="button"
              tabIndex={0}
              aria-label={b.label}
              aria-pressed={selected}
              aria-keyshortcuts={props.onRemove ? 'ArrowUp ArrowDown ArrowLeft ArrowRight Delete' : 'ArrowUp ArrowDown ArrowLeft ArrowRight'}
              onKeyDown={(e) => keys(e, b)}
              onPointerDown={(e) => begin(e, b, 'move')}
              onPointerMove={follow}
              onPointerUp={end}
              onPointerCancel={end}
            >
              {b.image ? <img src={b.image} alt="" draggable={false} /> : <span className="placement-box__label">{b.label}</span>}
              {b.lines && b.lines.length > 0 && (
                <span className={`placement-box__lines${b.linesBelow ? ' placement-box__lines--below' : ''}`}>
                  {b.lines.map((l, i) => (
                    <span key={i}>{l}</span>
                  ))}
                </span>
              )}
              {props.onRemove && (
                <button
                  type="button"
                  className="placement-box__remove"
                  aria-label={t('removeBox', { label: b.label })}
                  onPointerDown={(e) => e.stopPropagation()}
                  onClick={() => props.onRemove?.(b.key)}
                  data-testid="placement-box-remove"
                >
                  ×
                </button>
              )}
              <span
                className="placement-box__handle"
                aria-hidden="true"
                data-testid="placement-box-handle"
                onPointerDown={(e) => begin(e, b, 'resize')}
                onPointerMove={follow}
                onPointerUp={end}
                onPointerCancel={end}
              />
            </div>
          );
        })}
        {props.overlay}
      </div>
    </div>
  );
}

/**
 * Chips dragged onto a page: a pointer drag (mouse, pen or finger) that ends over the page adds a box there;
 * a click, or Enter or Space on the focused chip (`press`), adds one at the default position. `onDrop` gets the
 * point in pixels of the page's drawing.
 *
 * The window's move and up listeners are added in the pointerdown handler itself, not by an effect after the
 * ghost renders: a quick drag (a loaded machine, a fast hand, a test's mouse) can end before React has rendered
 * and run effects, and an up that nobody heard left the drag stuck with no box placed.
 */
export function usePaletteDrag(page: HTMLElement | null, onDrop: (kind: string, at: { x: number; y: number } | null) => void) {
  const [ghost, setGhost] = useState<{ kind: string; x: number; y: number } | null>(null);
  // the page and the drop handler of the latest render, read when the drag ends
  const latest = useRef({ page, onDrop });
  useEffect(() => {
    latest.current = { page, onDrop };
  });
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const start = (kind: string) => (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== undefined && e.button !== 0) return;
    e.preventDefault();
    stop.current?.();
    const d = { kind, x: e.clientX, y: e.clientY, moved: false };
    const move = (ev: PointerEvent) => {
      if (Math.abs(ev.clientX - d.x) + Math.abs(ev.clientY - d.y) > 4) d.moved = true;
      setGhost({ kind, x: ev.clientX, y: ev.clientY });
    };
    const up = (ev: PointerEvent) => {
      end();
      if (!d.moved) {
        latest.current.onDrop(kind, null);
        return;
      }
      const r = latest.current.page?.getBoundingClientRect();
      if (r && ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom) latest.current.onDrop(kind, { x: ev.clientX - r.left, y: ev.clientY - r.top });
    };
    const end = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', end);
      if (stop.current === end) stop.current = null;
      setGhost(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', end);
    stop.current = end;
    setGhost({ kind, x: e.clientX, y: e.clientY });
  };
  const press = (kind: string) => (e: ReactKeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    latest.current.onDrop(kind, null);
  };
  return { start, press, ghost };
}
