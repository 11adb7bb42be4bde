import { MultiSelect } from 'primereact/multiselect';
import type { Ref } from '../api/users';

/** A multi-select of people, committees... (id + name); values are ids. */
export function RefMultiSelect(props: { id: string; value: number[]; options: Ref[] | undefined; onChange: (ids: number[]) => void; invalid?: boolean; placeholder?: string; loading?: boolean }) {
  return (
    <MultiSelect
      inputId={props.id}
      data-testid={props.id}
      value={props.value}
      options={props.options ?? []}
      optionLabel="name"
      optionValue="id"
      onChange={(e) => props.onChange((e.value as number[]) ?? [])}
      filter
      display="chip"
      invalid={props.invalid}
      placeholder={props.placeholder}
      className="w-full"
      disabled={props.loading}
      itemTemplate={(o: Ref) => <span data-testid={`${props.id}-option-${o.id}`}>{o.name}</span>}
    />
  );
}
