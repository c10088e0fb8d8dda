import * as React from 'react';
import { Field, SingleSelect, SingleSelectOption, TextInput } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { getTranslation } from '../utils/getTranslation';
import { datePattern, parseTypedDate } from '../date-pattern';
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

/**
 * A date typed in the admin user's own format (DD/MM/YYYY in English, TT.MM.JJJJ in German), which the
 * hint under the field shows; the filter gets YYYY-MM-DD, which is what the API takes, once what was
 * typed is a real date ('' when the field is emptied). Something that is no date says so on leaving
 * the field and leaves the filter as it was.
 */
export function DateFilter({
  name,
  text,
  onChange,
}: {
  name: string;
  text: string;
  onChange: (value: string) => void;
}) {
  const { formatMessage, locale } = useIntl();
  const letters = formatMessage({ id: getTranslation('filter.date-letters'), defaultMessage: 'DMY' });
  const { pattern, order, example } = React.useMemo(() => datePattern(locale, letters), [locale, letters]);
  const [typed, setTyped] = React.useState('');
  const [invalid, setInvalid] = React.useState(false);
  const parsed = parseTypedDate(typed, order);
  return (
    <Field.Root
      name={name}
      id={`gc-filter-${name}`}
      hint={formatMessage({ id: getTranslation('filter.date-hint'), defaultMessage: 'Format: {pattern}' }, { pattern })}
      error={
        invalid
          ? formatMessage(
              {
                id: getTranslation('filter.date-invalid'),
                defaultMessage: 'Enter a date as {pattern}, e.g. {example}',
              },
              { pattern, example },
            )
          : undefined
      }
    >
      <Field.Label>{text}</Field.Label>
      <TextInput
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          const next = event.target.value;
          setTyped(next);
          const value = parseTypedDate(next, order);
          if (value !== null) {
            setInvalid(false);
            onChange(value);
          }
        }}
        onBlur={() => setInvalid(parsed === null)}
      />
      <Field.Hint />
      <Field.Error />
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
