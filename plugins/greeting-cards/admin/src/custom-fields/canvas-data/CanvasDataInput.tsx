import * as React from 'react';
import { Box, Field, Flex, Grid, JSONInput, Loader, Typography } from '@strapi/design-system';
import { useForm } from '@strapi/strapi/admin';
import { CheckCircle, WarningCircle } from '@strapi/icons';
import { useIntl } from 'react-intl';
import { getTranslation } from '../../utils/getTranslation';
import { useDesignCheck } from './use-design-check';
import { DesignerModal } from './DesignerModal';

interface CanvasDataInputProps {
  name: string;
  label: string;
  hint?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  value?: unknown;
  onChange: (name: string, value: unknown) => void;
}

function asText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/**
 * The template's design: its JSON, the preview the server draws from it, and the server's verdict on
 * it, so an editor sees a broken design before saving rather than after.
 */
export const CanvasDataInput = React.forwardRef<HTMLDivElement, CanvasDataInputProps>(function CanvasDataInput(
  { name, label, hint, required, disabled, error, value, onChange },
  ref,
) {
  const { formatMessage } = useIntl();
  const [text, setText] = React.useState(() => asText(value));
  const [parseError, setParseError] = React.useState<string | null>(null);
  const [design, setDesign] = React.useState<unknown>(() => (typeof value === 'string' ? null : (value ?? null)));
  const lastSent = React.useRef<unknown>(value);
  // The template's product field in the same form: the designer opens on that product's canvas, so a
  // size picked a moment ago shows before the template is saved (the server then stores it the same way).
  const product = useForm('CanvasDataInput', (form) => (form.values as { product?: unknown }).product, false);

  // A new value from outside (the form loaded, or a saved design came back) replaces the text.
  React.useEffect(() => {
    if (value === lastSent.current) return;
    lastSent.current = value;
    setText(asText(value));
    setDesign(typeof value === 'string' ? null : (value ?? null));
    setParseError(null);
  }, [value]);

  const change = (next: string) => {
    setText(next);
    let parsed: unknown = null;
    try {
      parsed = next.trim() === '' ? null : JSON.parse(next);
      setParseError(null);
      setDesign(parsed);
    } catch (problem) {
      setParseError(
        formatMessage(
          { id: getTranslation('design.invalid-json'), defaultMessage: 'This is not valid JSON ({reason}).' },
          { reason: problem instanceof Error ? problem.message : 'parse error' },
        ),
      );
      // Keep the text in the form so saving is refused by the server's check rather than silently
      // storing the last good design.
      parsed = next;
    }
    lastSent.current = parsed;
    onChange(name, parsed);
  };

  // A design made in the designer replaces the JSON as if it had been typed, so the same preview and
  // check run and the Content Manager's Save stores it.
  const takeDesign = React.useCallback(
    (next: unknown) => {
      setText(asText(next));
      setParseError(null);
      setDesign(next ?? null);
      lastSent.current = next;
      onChange(name, next);
    },
    [name, onChange],
  );

  const check = useDesignCheck(design, parseError);
  // The form's error (a refused save) is about the text it was given; once the editor changes the
  // design, the live check speaks instead, so a fixed design does not keep showing the old refusal.
  const [errorText, setErrorText] = React.useState<string | null>(null);
  // Only a new error re-reads the text; typing must not.
  React.useEffect(() => setErrorText(error ? text : null), [error]);
  const formError = error && errorText === text ? error : undefined;
  const shownError = formError ?? (check.state === 'invalid' ? check.problems.join(' ') : undefined);

  return (
    <Field.Root
      name={name}
      id={name}
      error={shownError}
      hint={hint}
      required={required}
      ref={ref}
      data-testid="canvas-data-field"
    >
      <Flex justifyContent="space-between" alignItems="center" paddingBottom={1}>
        <Field.Label>{label}</Field.Label>
        <DesignerModal design={parseError ? null : design} product={product} disabled={disabled} onUse={takeDesign} />
      </Flex>
      <Grid.Root gap={4}>
        <Grid.Item col={7} s={12} direction="column" alignItems="stretch">
          <JSONInput
            value={text}
            onChange={change}
            disabled={disabled}
            minHeight="320px"
            maxHeight="560px"
            aria-label={formatMessage(
              { id: getTranslation('design.json-label'), defaultMessage: '{label} (JSON)' },
              { label },
            )}
          />
        </Grid.Item>
        <Grid.Item col={5} s={12} direction="column" alignItems="stretch">
          <Box background="neutral100" hasRadius padding={3} borderColor="neutral200" data-testid="canvas-preview">
            <Flex direction="column" alignItems="center" gap={2}>
              {check.previewUrl ? (
                <img
                  src={check.previewUrl}
                  alt={formatMessage({
                    id: getTranslation('design.preview-alt'),
                    defaultMessage: 'Preview of the design',
                  })}
                  style={{
                    maxWidth: '100%',
                    maxHeight: 420,
                    boxShadow: '0 1px 4px rgba(33,33,52,.2)',
                    opacity: check.state === 'valid' ? 1 : 0.4,
                  }}
                />
              ) : (
                <Typography textColor="neutral600">
                  {check.state === 'checking'
                    ? ''
                    : formatMessage({
                        id: getTranslation('design.preview-later'),
                        defaultMessage: 'The preview appears here once the design is valid.',
                      })}
                </Typography>
              )}
              <DesignVerdict state={check.state} problems={check.problems} />
            </Flex>
          </Box>
        </Grid.Item>
      </Grid.Root>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});

function DesignVerdict({ state, problems }: { state: string; problems: string[] }) {
  const { formatMessage } = useIntl();
  if (state === 'checking')
    return (
      <Loader small>
        {formatMessage({ id: getTranslation('design.checking'), defaultMessage: 'Checking the design…' })}
      </Loader>
    );
  if (state === 'valid') {
    return (
      <Flex gap={2} role="status">
        <CheckCircle aria-hidden fill="success600" />
        <Typography textColor="success700">
          {problems[0] ?? formatMessage({ id: getTranslation('design.valid'), defaultMessage: 'The design is valid.' })}
        </Typography>
      </Flex>
    );
  }
  if (state === 'invalid' || state === 'unavailable') {
    return (
      <Flex gap={2} role="alert" alignItems="flex-start">
        <WarningCircle aria-hidden fill="danger600" />
        <Flex direction="column" alignItems="flex-start">
          {problems.map((problem) => (
            <Typography key={problem} textColor="danger700">
              {problem}
            </Typography>
          ))}
        </Flex>
      </Flex>
    );
  }
  return null;
}

export default CanvasDataInput;
