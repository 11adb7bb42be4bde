import { useEffect, useLayoutEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { closeTour, showTour, tourSeen, TOUR_STEPS, useTourOpen } from './tour';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

function boxOf(target: string): Box | null {
  const el = document.querySelector(`[data-tour="${target}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

export function Tour(props: { autoStart: boolean }) {
  const { t } = useTranslation('tour');
  const open = useTourOpen();
  const [index, setIndex] = useState(0);
  const [box, setBox] = useState<Box | null>(null);

  useEffect(() => {
    if (props.autoStart && !tourSeen()) showTour();
  }, [props.autoStart]);
  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);

  const step = TOUR_STEPS[index];
  useLayoutEffect(() => {
    if (!open || !step) return;
    const update = () => setBox(boxOf(step.target));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [open, step]);

  if (!open || !step) return null;
  const last = index === TOUR_STEPS.length - 1;
  const cardStyle: React.CSSProperties = box
    ? { top: Math.min(box.top + box.height + 12, window.innerHeight - 220), insetInlineStart: Math.max(12, Math.min(document.documentElement.dir === 'rtl' ? window.innerWidth - box.left - box.width : box.left, window.innerWidth - 340)) }
    : { top: '30%', insetInlineStart: 'calc(50% - 160px)' };

  return (
    <div className="tour" role="dialog" aria-modal="true" aria-labelledby="tour-title" data-testid="tour">
      <div className="tour__backdrop" onClick={closeTour} />
      {box && <div className="tour__spot" style={{ top: box.top - 4, left: box.left - 4, width: box.width + 8, height: box.height + 8 }} />}
      <div className="tour__card" style={cardStyle}>
        <div className="tour__count">
          {index + 1} / {TOUR_STEPS.length}
        </div>
        <h2 id="tour-title">{t(`${step.key}.title`)}</h2>
        <p>{t(`${step.key}.text`)}</p>
        <div className="tour__actions">
          <Button type="button" text label={t('skip')} onClick={closeTour} data-testid="tour-skip" />
          <span className="spacer" />
          {index > 0 && <Button type="button" outlined label={t('back')} onClick={() => setIndex(index - 1)} />}
          <Button type="button" label={last ? t('done') : t('next')} onClick={() => (last ? closeTour() : setIndex(index + 1))} data-testid="tour-next" />
        </div>
      </div>
    </div>
  );
}
