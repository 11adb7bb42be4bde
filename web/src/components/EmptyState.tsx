import type { ReactNode } from 'react';

/** A real empty state: an icon, what is (not) here, and optionally what to do about it. */
export function EmptyState(props: { icon?: string; title: string; description?: string; action?: ReactNode; testId?: string; compact?: boolean }) {
  return (
    <div className={`empty-state${props.compact ? ' empty-state--compact' : ''}`} data-testid={props.testId ?? 'empty-state'} role="status">
      <i className={`${props.icon ?? 'pi pi-inbox'} empty-state__icon`} aria-hidden="true" />
      <p className="empty-state__title">{props.title}</p>
      {props.description && <p className="empty-state__text">{props.description}</p>}
      {props.action && <div className="empty-state__action">{props.action}</div>}
    </div>
  );
}
