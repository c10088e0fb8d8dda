import * as React from 'react';
import { useIntl } from 'react-intl';
import { AdminApiError, useAdminApi } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { getTranslation } from '../../utils/getTranslation';

export interface DesignCheck {
  state: 'idle' | 'checking' | 'valid' | 'invalid' | 'unavailable';
  problems: string[];
  previewUrl: string | null;
}

const WAIT_MS = 600;

/**
 * Validates the design with the server's own rules and renders its preview, a moment after the last
 * change. Only the newest design's answer is kept; the previous image's object URL is released.
 */
export function useDesignCheck(design: unknown, parseError: string | null): DesignCheck {
  const api = useAdminApi();
  const { formatMessage } = useIntl();
  const errorText = useErrorText();
  const [check, setCheck] = React.useState<DesignCheck>({ state: 'idle', problems: [], previewUrl: null });
  const designKey = React.useMemo(() => JSON.stringify(design ?? null), [design]);

  React.useEffect(() => {
    if (parseError) {
      setCheck((previous) => ({ ...previous, state: 'invalid', problems: [parseError] }));
      return undefined;
    }
    if (designKey === 'null') {
      setCheck((previous) => ({ ...previous, state: 'idle', problems: [] }));
      return undefined;
    }
    let stale = false;
    const timer = window.setTimeout(async () => {
      setCheck((previous) => ({ ...previous, state: 'checking' }));
      const canvasData = JSON.parse(designKey) as unknown;
      try {
        await api.postJson('/designs/validate', { canvas_data: canvasData });
      } catch (error) {
        if (stale) return;
        if (error instanceof AdminApiError && error.status === 400) {
          const problems = error.fields.canvas_data ?? [error.message];
          setCheck((previous) => ({ ...previous, state: 'invalid', problems }));
        } else {
          const problem = formatMessage(
            { id: getTranslation('design.check-failed'), defaultMessage: 'The design could not be checked: {reason}' },
            { reason: errorText(error) },
          );
          setCheck((previous) => ({ ...previous, state: 'unavailable', problems: [problem] }));
        }
        return;
      }
      try {
        const image = await api.postForBlob('/designs/preview', { canvas_data: canvasData });
        if (stale) return;
        const url = URL.createObjectURL(image);
        setCheck((previous) => {
          if (previous.previewUrl) URL.revokeObjectURL(previous.previewUrl);
          return { state: 'valid', problems: [], previewUrl: url };
        });
      } catch (error) {
        if (stale) return;
        const problem = formatMessage(
          { id: getTranslation('design.preview-failed'), defaultMessage: 'The preview could not be drawn: {reason}' },
          { reason: errorText(error) },
        );
        setCheck((previous) => ({ ...previous, state: 'valid', problems: [problem] }));
      }
    }, WAIT_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [api, designKey, parseError, formatMessage, errorText]);

  return check;
}
