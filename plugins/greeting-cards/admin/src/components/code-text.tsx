import * as React from 'react';

/**
 * A setting's description as the operator reads it: `code` (environment variables, field names such as
 * `*_pence`) shown as code rather than between literal backticks.
 */
export function codeText(text: string): React.ReactNode {
  if (!text.includes('`')) return text;
  return text.split(/(`[^`]+`)/).map((part, i) =>
    part.length > 2 && part.startsWith('`') && part.endsWith('`') ? (
      <code key={i} style={{ fontFamily: 'monospace', fontSize: '0.95em' }}>
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}
