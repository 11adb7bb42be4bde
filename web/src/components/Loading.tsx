import { ProgressSpinner } from 'primereact/progressspinner';

export function Loading(props: { label?: string }) {
  return (
    <div className="loading" role="progressbar" aria-label={props.label ?? 'Loading'}>
      {/* the spinner is only the picture of the named progressbar around it (its own role=progressbar has no name: axe) */}
      <ProgressSpinner aria-hidden="true" style={{ width: 40, height: 40 }} strokeWidth="4" />
    </div>
  );
}
