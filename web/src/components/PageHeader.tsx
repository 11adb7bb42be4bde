import type { ReactNode } from 'react';

export function PageHeader(props: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header__title">{props.title}</h1>
        {props.subtitle && <p className="page-header__subtitle">{props.subtitle}</p>}
      </div>
      {props.actions && <div className="page-header__actions">{props.actions}</div>}
    </div>
  );
}
