import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { DrawOperation, PaletteColour } from '@app/contracts';
import type { PdfHandle } from '../viewers/pdf-engine';
import { TOOL_STYLE, toUnit } from './room-state';

export type Tool = 'pen' | 'highlighter' | 'eraser' | 'pointer';

interface Props {
  pdf: PdfHandle;
  /** from 0 */
  slide: number;
  scale: number;
  /** the width the slide may take (the stage's); the page is scaled down to fit it */
  maxWidth: number;
  drawing: DrawOperation[];
  pointer: { x: number; y: number } | null;
  /** the presenter's tools; null for viewers (nothing can be drawn) */
  tools: { tool: Tool; colour: PaletteColour; width: number } | null;
  onStroke?(op: DrawOperation): void;
  onPointer?(p: { x: number; y: number; visible: boolean }): void;
  onFailed?(slide: number): void;
}

/** paint operations on an overlay canvas of the slide's size (points are fractions of the slide) */
function paint(canvas: HTMLCanvasElement, ops: DrawOperation[], live: DrawOperation | null) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  for (const op of live ? [...ops, live] : ops) {
    if (op.kind !== 'stroke') continue;
    const style = TOOL_STYLE[op.tool];
    ctx.save();
    ctx.globalAlpha = style.alpha;
    ctx.globalCompositeOperation = style.composite;
    ctx.strokeStyle = op.colour;
    ctx.fillStyle = op.colour;
    ctx.lineWidth = op.width * style.widthFactor * (canvas.width / 1000);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    op.points.forEach(([x, y], i) => (i ? ctx.lineTo(x * canvas.width, y * canvas.height) : ctx.moveTo(x * canvas.width, y * canvas.height)));
    if (op.points.length === 1) ctx.arc(op.points[0][0] * canvas.width, op.points[0][1] * canvas.height, ctx.lineWidth / 2, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  }
}

let strokeSeq = 0;
const newStrokeId = () => `${Date.now().toString(36)}-${(strokeSeq++).toString(36)}`;

/**
 * One slide: the PDF page on a canvas, the drawing on an overlay of the same size, the presenter's pointer as a
 * dot. For the presenter the overlay takes strokes (pen, highlighter, eraser) or pointer moves.
 */
export function SlideStage(p: Props) {
  const pageRef = useRef<HTMLCanvasElement>(null);
  const inkRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const live = useRef<DrawOperation | null>(null);

  useEffect(() => {
    const canvas = pageRef.current;
    if (!canvas) return;
    let cancelled = false;
    p.pdf
      .size(p.slide + 1)
      .then(({ width }) => p.pdf.render(p.slide + 1, canvas, Math.max(0.2, Math.min(p.scale, (p.maxWidth - 32) / width)), 0))
      .then(() => {
        if (cancelled) return;
        setSize({ w: canvas.width, h: canvas.height });
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        console.warn('presentation: slide failed', e);
        p.onFailed?.(p.slide);
      });
    return () => {
      cancelled = true;
    };
    // a new drawing only when the page, slide or scale change (onFailed is the page's callback)
  }, [p.pdf, p.slide, p.scale, p.maxWidth]);

  useEffect(() => {
    const ink = inkRef.current;
    if (!ink || !size) return;
    ink.width = size.w;
    ink.height = size.h;
    const page = pageRef.current;
    if (page) {
      ink.style.width = page.style.width;
      ink.style.height = page.style.height;
    }
    paint(ink, p.drawing, live.current);
  }, [size, p.drawing]);

  const unit = (e: ReactPointerEvent<HTMLCanvasElement>) => toUnit(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect());

  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!p.tools) return;
    const [x, y] = unit(e);
    if (p.tools.tool === 'pointer') return p.onPointer?.({ x, y, visible: true });
    e.currentTarget.setPointerCapture?.(e.pointerId);
    live.current = { kind: 'stroke', id: newStrokeId(), tool: p.tools.tool, colour: p.tools.colour, width: p.tools.width, points: [[x, y]] };
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!p.tools) return;
    const [x, y] = unit(e);
    if (p.tools.tool === 'pointer') return p.onPointer?.({ x, y, visible: true });
    const op = live.current;
    if (op?.kind !== 'stroke' || op.points.length >= 2000) return;
    op.points.push([x, y]);
    if (inkRef.current) paint(inkRef.current, p.drawing, op);
  };
  const up = () => {
    const op = live.current;
    live.current = null;
    if (op) p.onStroke?.(op);
  };
  const leave = () => {
    if (p.tools?.tool === 'pointer') p.onPointer?.({ x: 0, y: 0, visible: false });
  };

  return (
    <div className="slide-stage" data-testid="slide-stage" data-slide={p.slide}>
      <div className="slide-stage__page">
        <canvas ref={pageRef} data-testid="slide-canvas" />
        <canvas
          ref={inkRef}
          className={`slide-stage__ink${p.tools ? ' slide-stage__ink--active' : ''}`}
          data-testid="slide-ink"
          data-strokes={p.drawing.filter((o) => o.kind === 'stroke').length}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerLeave={leave}
        />
        {p.pointer && (
          <span className="slide-stage__pointer" data-testid="slide-pointer" style={{ left: `${p.pointer.x * 100}%`, top: `${p.pointer.y * 100}%` }} aria-hidden="true" />
        )}
      </div>
    </div>
  );
}
