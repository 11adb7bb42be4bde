import { MultiSelect, type MultiSelectPassThroughOptions } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import type { Ref } from '../api/users';

/** A multi-select of people, committees... (id + name); values are ids. */
export function RefMultiSelect(props: { id: string; value: number[]; options: Ref[] | undefined; onChange: (ids: number[]) => void; invalid?: boolean; placeholder?: string; loading?: boolean }) {
  const { t } = useTranslation('common');
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
      // the open list must pass axe too: the filter box is named; an option (role option, chosen by its
      // aria-selected) shows its check box only as a picture, not as a control inside a control; no "select all"
      // box, whose own role=checkbox wrapped a second, unnamed check box
      showSelectAll={false}
      filterPlaceholder={t('filterList')}
      // (the filter box is an InputText: its own pass-through names its root, which the MultiSelect types do not say)
      pt={{ filterInput: { root: { 'aria-label': t('filterList') } } as MultiSelectPassThroughOptions['filterInput'], checkbox: { input: { disabled: true, 'aria-hidden': true } } }}
    />
  );
}
