import * as React from 'react';
import { Field, SingleSelect, SingleSelectOption, TextInput } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { getTranslation } from '../utils/getTranslation';
import { codeWord } from './status-words';

/** A labelled select with an "All" choice; '' means no filter. */
export function ChoiceFilter({
  name,
  text,
  value,
  choices,
  onChange,
}: {
  name: string;
  text: string;
  value: string;
  choices: readonly string[];
  onChange: (value: string) => void;
}) {
  const { formatMessage } = useIntl();
  return (
    <Field.Root name={name} id={`gc-filter-${name}`}>
      <Field.Label>{text}</Field.Label>
      <SingleSelect value={value} onChange={(next: string | number) => onChange(String(next))} aria-label={text}>
        <SingleSelectOption value="">
          {formatMessage({ id: getTranslation('filter.all'), defaultMessage: 'All' })}
        </SingleSelectOption>
        {choices.map((choice) => (
          <SingleSelectOption key={choice} value={choice}>
            {codeWord(formatMessage, choice)}
          </SingleSelectOption>
        ))}
      </SingleSelect>
    </Field.Root>
  );
}

/** A native date input: keyboard friendly and always YYYY-MM-DD, which is what the API takes. */
export function DateFilter({
  name,
  text,
  value,
  onChange,
}: {
  name: string;
  text: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root name={name} id={`gc-filter-${name}`}>
      <Field.Label>{text}</Field.Label>
      <TextInput
        type="date"
        value={value}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}

/** Text that filters after the person stops typing for a moment, not on every key. */
export function SearchFilter({
  name,
  text,
  hint,
  onSearch,
}: {
  name: string;
  text: string;
  hint: string;
  onSearch: (value: string) => void;
}) {
  const [value, setValue] = React.useState('');
  React.useEffect(() => {
    const timer = window.setTimeout(() => onSearch(value.trim()), 350);
    return () => window.clearTimeout(timer);
  }, [value, onSearch]);
  return (
    <Field.Root name={name} id={`gc-filter-${name}`} hint={hint}>
      <Field.Label>{text}</Field.Label>
      <TextInput
        type="search"
        value={value}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setValue(event.target.value)}
      />
      <Field.Hint />
    </Field.Root>
  );
}
