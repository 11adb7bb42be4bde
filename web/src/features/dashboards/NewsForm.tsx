import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { zNewsBody } from '@app/contracts';
import type { NewsInput } from '../../api/news';
import type { Ref } from '../../api/users';
import { Field } from '../../components/Field';
import { useForm } from '../../hooks/use-form';
import { useMessage } from '../../i18n';
import { MEDIA_PENDING, PHOTO_REQUIRED, schemaValidator } from '../../lib/validation';

interface Photo {
  key: string;
  file: File;
  preview: string;
}

type Values = { title: string; url: string; description: string; committee_id: number | null; media: Photo[] };

/** News: title, URL, description, committee required; at least one photo (docs/product/errors.md#validation-rules). */
export const validateNews = schemaValidator<Values>(zNewsBody, (v) => v, (v) => ({ media: v.media.length ? undefined : PHOTO_REQUIRED }));

/** The photos travel with the post; while they upload the form says to wait (docs/product/errors.md#the-catalogue). */
export function NewsForm(props: { committees: Ref[] | undefined; onSubmit: (input: NewsInput) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('news');
  const m = useMessage();
  const form = useForm<Values>({ title: '', url: '', description: '', committee_id: null, media: [] }, validateNews);
  const [waitNotice, setWaitNotice] = useState(false);
  const { media } = form.values;

  useEffect(() => () => media.forEach((p) => p.preview && URL.revokeObjectURL?.(p.preview)), [media]);

  const addPhotos = (files: FileList | null) => {
    const added = Array.from(files ?? []).map((file) => ({
      key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
      file,
      preview: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '',
    }));
    form.set('media', [...media, ...added]);
  };

  const submit = form.handleSubmit(async (v) => {
    await props.onSubmit({ title: v.title.trim(), url: v.url.trim(), description: v.description.trim(), committee_id: v.committee_id, media: v.media.map((p) => p.file) });
  });

  const onSubmit = (e: React.FormEvent) => {
    if (form.submitting) {
      // a second click while the photos are still on their way
      e.preventDefault();
      setWaitNotice(true);
      return;
    }
    setWaitNotice(false);
    void submit(e);
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="news-form">
      <Field id="news-title" label={t('field.title')} error={form.errors.title} required>
        <InputText id="news-title" data-testid="news-title" value={form.values.title} onChange={(e) => form.set('title', e.target.value)} invalid={!!form.errors.title} />
      </Field>
      <Field id="news-url" label={t('field.url')} error={form.errors.url} required>
        <InputText id="news-url" data-testid="news-url" type="url" placeholder="https://" value={form.values.url} onChange={(e) => form.set('url', e.target.value)} invalid={!!form.errors.url} />
      </Field>
      <Field id="news-description" label={t('field.description')} error={form.errors.description} required>
        <InputTextarea id="news-description" data-testid="news-description" rows={4} autoResize value={form.values.description} onChange={(e) => form.set('description', e.target.value)} invalid={!!form.errors.description} />
      </Field>
      <Field id="news-committee" label={t('field.committee')} error={form.errors.committee_id} required>
        <Dropdown inputId="news-committee" data-testid="news-committee" value={form.values.committee_id} options={props.committees ?? []} optionLabel="name" optionValue="id" onChange={(e) => form.set('committee_id', (e.value as number | null) ?? null)} invalid={!!form.errors.committee_id} className="w-full" filter />
      </Field>
      <Field id="news-photos" label={t('field.photos')} error={form.errors.media} required>
        <input id="news-photos" data-testid="news-photos" type="file" accept="image/png,image/jpeg" multiple disabled={form.submitting} onChange={(e) => addPhotos(e.target.files)} />
      </Field>
      {media.length > 0 && (
        <ul className="media-grid">
          {media.map((x) => (
            <li key={x.key} className={`media-grid__item${form.submitting ? ' media-grid__item--uploading' : ''}`}>
              {x.preview ? <img src={x.preview} alt={x.file.name} /> : <span>{x.file.name}</span>}
              {form.submitting && <span className="media-grid__state">{t('media.uploading')}</span>}
              {!form.submitting && (
                <button type="button" className="media-grid__remove" aria-label={t('media.remove', { name: x.file.name })} onClick={() => form.set('media', media.filter((y) => y.key !== x.key))}>
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {form.submitting && <Message severity={waitNotice ? 'warn' : 'info'} text={m(MEDIA_PENDING)} className="form-message" data-testid="news-media-pending" />}
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} disabled={form.submitting} />
        <Button type="submit" label={t('publish')} loading={form.submitting} data-testid="news-submit" />
      </div>
    </form>
  );
}
