import type { ReactNode } from 'react';
import { useMessage } from '../i18n';

/** A labelled form field with its validation message (translated; English sentences are the keys). */
export function Field(props: { id: string; label: string; error?: string | null; required?: boolean; hint?: ReactNode; children: ReactNode; className?: string }) {
  const m = useMessage();
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label htmlFor={props.id} className="field__label">
        {props.label}
        {props.required && <span className="field__required" aria-hidden="true"> *</span>}
      </label>
      {props.children}
      {props.hint && <small className="field__hint">{props.hint}</small>}
      {props.error && (
        <small id={`${props.id}-error`} className="p-error field__error" role="alert" data-testid={`${props.id}-error`}>
          {m(props.error)}
        </small>
      )}
    </div>
  );
}
