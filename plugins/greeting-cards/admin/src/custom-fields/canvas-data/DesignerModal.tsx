import * as React from 'react';
import { Box, Button, Flex, Modal, Typography } from '@strapi/design-system';
import { PaintBrush, WarningCircle } from '@strapi/icons';
import { useIntl } from 'react-intl';
import { getTranslation } from '../../utils/getTranslation';
import { useAdminApi } from '../../api/client';
import { answerDesignerRequest, isDesignerRequest } from './designer-requests';
import { crossOriginProblem, designerUrl, loadedFrameProblem, NO_ANSWER, READY_WAIT_MS } from './designer-frame';

// "Open in designer": the storefront's own Fabric.js editor in a frame, in its template mode and the
// admin user's language (/greeting-cards/designer/?embed=admin&lang=de). The frame needs nothing from
// the server beyond public assets; the
// design travels by postMessage, and both sides only listen to their own origin, so another site can
// neither feed a design in nor read one out. Photos the designer adds are uploaded by this page, with
// the admin's sign-in (designer-requests.ts), and their stored URLs go back to the frame. When the
// designer cannot work here (another origin, not reachable, no answer) the window says why and what to
// do instead of showing an empty frame (designer-frame.ts).

/** The messages between the field and the framed editor (the same names are in editor/template-store.ts). */
type DesignerMessage =
  { type: 'gc-designer:ready' } | { type: 'gc-designer:use'; canvas_data: unknown } | { type: 'gc-designer:cancel' };

interface DesignerModalProps {
  design: unknown;
  /** The template's product as the form holds it now (saved or not): the designer's canvas takes its shape. */
  product?: unknown;
  disabled?: boolean;
  onUse: (design: unknown) => void;
}

const backendUrl = () => (window as unknown as { strapi?: { backendURL?: string } }).strapi?.backendURL;

export function DesignerModal({ design, product, disabled, onUse }: DesignerModalProps) {
  const api = useAdminApi();
  const { formatMessage, locale } = useIntl();
  const [open, setOpen] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [intro, introHeight] = useHeight();
  const frame = React.useRef<HTMLIFrameElement>(null);
  // The designer speaks the admin user's language (German or English), not the shop's.
  const url = React.useMemo(() => designerUrl(backendUrl(), window.location.href, locale), [locale]);
  // The design when the window opened: the editor loads it once, later form changes do not reload it.
  const startDesign = React.useRef<unknown>(design);
  const startProduct = React.useRef<unknown>(product);

  React.useEffect(() => {
    if (!open || problem) return undefined;
    let ready = false;
    const listen = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (event.origin !== url.origin || !target || event.source !== target) return;
      const message = event.data as DesignerMessage | null;
      if (message?.type === 'gc-designer:ready') {
        ready = true;
        target.postMessage(
          {
            type: 'gc-designer:load',
            canvas_data: startDesign.current ?? null,
            product: typeof startProduct.current === 'string' ? startProduct.current : null,
          },
          url.origin,
        );
      } else if (message?.type === 'gc-designer:use') {
        onUse(message.canvas_data);
        setOpen(false);
      } else if (message?.type === 'gc-designer:cancel') {
        setOpen(false);
      } else if (isDesignerRequest(message)) {
        answerDesignerRequest(api, message).then((result) => target.postMessage(result, url.origin));
      }
    };
    // A frame that loaded but never says it is ready (a page that hangs, a script that failed).
    const timer = window.setTimeout(
      () => ready || setProblem(formatMessage(NO_ANSWER, { seconds: READY_WAIT_MS / 1000 })),
      READY_WAIT_MS,
    );
    window.addEventListener('message', listen);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', listen);
    };
  }, [open, problem, onUse, url, api, formatMessage]);

  const openDesigner = (next: boolean) => {
    if (next) {
      startDesign.current = design;
      startProduct.current = product;
      setProblem(crossOriginProblem(url, window.location.origin, formatMessage));
    }
    setOpen(next);
  };

  const checkLoadedFrame = () => {
    if (frame.current)
      setProblem((current) => current ?? loadedFrameProblem(frame.current as HTMLIFrameElement, url, formatMessage));
  };

  return (
    <Modal.Root open={open} onOpenChange={openDesigner}>
      <Modal.Trigger>
        <Button
          type="button"
          variant="secondary"
          startIcon={<PaintBrush />}
          disabled={disabled}
          data-testid="open-designer"
        >
          {formatMessage({ id: getTranslation('designer.open'), defaultMessage: 'Open in designer' })}
        </Button>
      </Modal.Trigger>
      <Modal.Content style={{ width: 'min(1400px, 96vw)', maxWidth: '96vw' }}>
        <Modal.Header>
          <Modal.Title>
            {formatMessage({ id: getTranslation('designer.title'), defaultMessage: 'Design the template' })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem ? (
            <DesignerProblem message={problem} />
          ) : (
            <>
              <Box paddingBottom={2} ref={intro}>
                <Typography textColor="neutral600">
                  {formatMessage({
                    id: getTranslation('designer.intro'),
                    defaultMessage:
                      'Edit the design, then choose “Use this design”. The template is stored when you save it in the form.',
                  })}
                </Typography>
              </Box>
              <iframe
                ref={frame}
                src={url.toString()}
                title={formatMessage({ id: getTranslation('designer.frame'), defaultMessage: 'Template designer' })}
                data-testid="designer-frame"
                onLoad={checkLoadedFrame}
                style={{
                  width: '100%',
                  // The dialog is at most 90% of the window: the frame takes what its title bar, padding
                  // and the words above (up to four lines on a phone) leave, so the dialog never scrolls as
                  // a whole (a second scroll box around the designer's own, which the keyboard could not reach).
                  height: `max(320px, calc(90vh - ${FRAME_CHROME + introHeight}px))`,
                  border: '1px solid #dcdce4',
                  borderRadius: 4,
                  background: '#fff',
                }}
              />
            </>
          )}
        </Modal.Body>
        {problem ? (
          <Modal.Footer>
            <Modal.Close>
              <Button variant="tertiary">
                {formatMessage({ id: getTranslation('designer.close'), defaultMessage: 'Close' })}
              </Button>
            </Modal.Close>
          </Modal.Footer>
        ) : null}
      </Modal.Content>
    </Modal.Root>
  );
}

/** The dialog's title bar, its body's padding and the frame's border, in pixels (with a little slack). */
const FRAME_CHROME = 160;

/** A ref for an element and its height, kept as it changes (the words wrap on a narrow window). */
function useHeight(): [React.RefCallback<HTMLElement>, number] {
  const [height, setHeight] = React.useState(0);
  const observer = React.useRef<ResizeObserver | null>(null);
  const ref = React.useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setHeight(element.offsetHeight);
    observer.current = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.current.observe(element);
  }, []);
  return [ref, height];
}

function DesignerProblem({ message }: { message: string }) {
  return (
    <Box background="danger100" borderColor="danger200" hasRadius padding={4} data-testid="designer-problem">
      <Flex gap={3} alignItems="flex-start" role="alert">
        <WarningCircle aria-hidden fill="danger600" width="2rem" height="2rem" />
        <Typography textColor="danger700">{message}</Typography>
      </Flex>
    </Box>
  );
}
