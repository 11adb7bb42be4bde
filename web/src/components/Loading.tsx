import { ProgressSpinner } from 'primereact/progressspinner';

export function Loading(props: { label?: string }) {
  return (
    <div className="loading" role="progressbar" aria-label={props.label ?? 'Loading'}>
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
    </div>
  );
}
