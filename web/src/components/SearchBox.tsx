import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

/** A toolbar's search input with its icon; the accessible name is the placeholder unless `label` is given. */
export function SearchBox(props: { value: string; onChange: (value: string) => void; placeholder: string; label?: string; icon?: string; testId?: string }) {
  return (
    <IconField iconPosition="left">
      <InputIcon className={props.icon ?? 'pi pi-search'} />
      <InputText data-testid={props.testId} value={props.value} onChange={(e) => props.onChange(e.target.value)} placeholder={props.placeholder} aria-label={props.label ?? props.placeholder} />
    </IconField>
  );
}
