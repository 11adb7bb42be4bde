import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import type { SavedSignature } from '../../api/approvals';

/** the spec's pen colours: black, blue, indigo */
export const PEN_COLOURS = ['#000000', '#2293FB', '#4636E3'] as const;

export interface SignatureChoice {
  file?: string;
  signature_id?: number;
  comment?: string;
}

/**
 * The signature modal: draw (three pen colours), upload a png or jpeg, or pick a saved signature; submit stays
 * disabled until a signature is given.
 */
export function SignatureDialog(props: {
  visible: boolean;
  saved: SavedSignature[] | null;
  busy: boolean;
  onHide(): void;
  onSubmit(choice: SignatureChoice): void;
  /** the signing page picks a signature or a stamp to place: its own title and button, no comment */
  header?: string;
  submitLabel?: string;
  noComment?: boolean;
}) {
  const { t } = useTranslation('approvals');
  // the canvas as state: the dialog mounts its content after it opens, and the pad is made when the canvas is there
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [colour, setColour] = useState<string>(PEN_COLOURS[0]);
  const colourRef = useRef<string>(PEN_COLOURS[0]);
  const [drawn, setDrawn] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [tab, setTab] = useState(0);
  const [comment, setComment] = useState('');

  useEffect(() => {
    if (!props.visible || tab !== 0 || !canvas || typeof canvas.getContext !== 'function' || !canvas.getContext('2d')) return;
    // one pad while the draw tab is open: a new pen colour changes the pen, it never replaces the pad (which would
    // drop the strokes already drawn, and a stroke begun as the colour changed)
    const p = new SignaturePad(canvas, { penColor: colourRef.current });
    p.addEventListener('endStroke', () => setDrawn(!p.isEmpty()));
    pad.current = p;
    return () => {
      p.off();
      if (pad.current === p) pad.current = null;
    };
  }, [props.visible, tab, canvas]);

  useEffect(() => {
    colourRef.current = colour;
    if (pad.current) pad.current.penColor = colour;
  }, [colour]);

  const pickFile = (f: File | undefined) => {
    setImage(null);
    setImageError(null);
    if (!f) return;
    if (f.type !== 'image/png' && f.type !== 'image/jpeg') {
      setImageError(t('sign.imageType'));
      return;
    }
    const r = new FileReader();
    r.onload = () => setImage(String(r.result));
    r.readAsDataURL(f);
  };

  const choice: SignatureChoice | null =
    tab === 0 && drawn && pad.current ? { file: pad.current.toDataURL('image/png') } : tab === 1 && image ? { file: image } : tab === 2 && savedId ? { signature_id: savedId } : null;

  return (
    <Dialog header={props.header ?? t('sign.title')} visible={props.visible} onHide={props.onHide} style={{ width: 'min(560px, 96vw)' }} data-testid="signature-dialog">
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
        <TabPanel header={t('sign.draw')}>
          <div className="flex gap-2 mb-2" role="radiogroup" aria-label={t('sign.pen')}>
            {PEN_COLOURS.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={colour === c}
                aria-label={c}
                data-testid={`pen-${c}`}
                onClick={() => setColour(c)}
                style={{ width: 24, height: 24, borderRadius: 12, background: c, border: colour === c ? '3px solid #999' : '1px solid #ccc' }}
              />
            ))}
            <Button type="button" text size="small" label={t('sign.clear')} onClick={() => { pad.current?.clear(); setDrawn(false); }} />
          </div>
          <canvas ref={setCanvas} width={480} height={180} style={{ border: '1px dashed #bbb', width: '100%', touchAction: 'none' }} data-testid="signature-canvas" />
        </TabPanel>
        <TabPanel header={t('sign.upload')}>
          <input type="file" accept="image/png,image/jpeg" data-testid="signature-file" onChange={(e) => pickFile(e.target.files?.[0])} />
          {imageError && <small className="p-error block">{imageError}</small>}
          {image && <img src={image} alt="" style={{ maxWidth: '100%', maxHeight: 140 }} />}
        </TabPanel>
        <TabPanel header={t('sign.saved')}>
          {!props.saved?.length ? (
            <p>{t('sign.noSaved')}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {props.saved.map((s) => (
                <button key={s.id} type="button" onClick={() => setSavedId(s.id)} aria-pressed={savedId === s.id} style={{ border: savedId === s.id ? '2px solid #2293FB' : '1px solid #ccc', padding: 4, background: 'white' }}>
                  <img src={s.payload} alt={s.title} style={{ height: 60 }} />
                </button>
              ))}
            </div>
          )}
        </TabPanel>
      </TabView>
      {!props.noComment && (
        <>
          <label htmlFor="sign-comment">{t('sign.comment')}</label>
          <InputTextarea id="sign-comment" value={comment} onChange={(e) => setComment(e.target.value)} rows={2} className="w-full" />
        </>
      )}
      <div className="flex justify-content-end gap-2 mt-3">
        <Button type="button" text label={t('cancel')} onClick={props.onHide} />
        <Button type="button" label={props.submitLabel ?? t('sign.submit')} icon="pi pi-pen-to-square" disabled={!choice || props.busy} loading={props.busy} data-testid="signature-submit" onClick={() => choice && props.onSubmit({ ...choice, comment: comment.trim() || undefined })} />
      </div>
    </Dialog>
  );
}

/** reject with a reason: submit disabled until the reason has a non-blank character */
export function RejectDialog(props: { visible: boolean; busy: boolean; onHide(): void; onSubmit(reason: string): void }) {
  const { t } = useTranslation('approvals');
  const [reason, setReason] = useState('');
  return (
    <Dialog header={t('reject.title')} visible={props.visible} onHide={props.onHide} style={{ width: 'min(480px, 96vw)' }} data-testid="reject-dialog">
      <label htmlFor="reject-reason">{t('reject.reason')}</label>
      <InputTextarea id="reject-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} className="w-full" data-testid="reject-reason" />
      <div className="flex justify-content-end gap-2 mt-3">
        <Button type="button" text label={t('cancel')} onClick={props.onHide} />
        <Button type="button" severity="danger" label={t('reject.submit')} disabled={!reason.trim() || props.busy} loading={props.busy} data-testid="reject-submit" onClick={() => props.onSubmit(reason.trim())} />
      </div>
    </Dialog>
  );
}
