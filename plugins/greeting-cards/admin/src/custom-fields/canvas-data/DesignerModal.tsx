import * as React from 'react';
import { Box, Button, Modal, Typography } from '@strapi/design-system';
import { PaintBrush } from '@strapi/icons';
import { useAdminApi } from '../../api/client';
import { answerDesignerRequest, isDesignerRequest } from './designer-requests';

// "Open in designer": the storefront's own Fabric.js editor in a frame, in its template mode
// (/editor/design/?embed=admin). The frame needs nothing from the server beyond public assets; the
// design travels by postMessage, and both sides only listen to their own origin, so another site can
// neither feed a design in nor read one out. Photos the designer adds are uploaded by this page, with
// the admin's sign-in (designer-requests.ts), and their stored URLs go back to the frame.

export const DESIGNER_PATH = '/editor/design/?embed=admin';

/** The messages between the field and the framed editor (the same names are in editor/template-store.ts). */
type DesignerMessage =
  | { type: 'gc-designer:ready' }
  | { type: 'gc-designer:use'; canvas_data: unknown }
  | { type: 'gc-designer:cancel' };

function designerUrl(): URL {
  const backend = (window as unknown as { strapi?: { backendURL?: string } }).strapi?.backendURL;
  return new URL(DESIGNER_PATH, backend || window.location.origin);
}

interface DesignerModalProps {
  design: unknown;
  disabled?: boolean;
  onUse: (design: unknown) => void;
}

export function DesignerModal({ design, disabled, onUse }: DesignerModalProps) {
  const api = useAdminApi();
  const [open, setOpen] = React.useState(false);
  const frame = React.useRef<HTMLIFrameElement>(null);
  const url = React.useMemo(designerUrl, []);
  // The design when the window opened: the editor loads it once, later form changes do not reload it.
  const startDesign = React.useRef<unknown>(design);
  const sameOrigin = url.origin === window.location.origin;

  React.useEffect(() => {
    if (!open) return undefined;
    const listen = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (event.origin !== url.origin || !target || event.source !== target) return;
      const message = event.data as DesignerMessage | null;
      if (message?.type === 'gc-designer:ready') {
        target.postMessage({ type: 'gc-designer:load', canvas_data: startDesign.current ?? null }, url.origin);
      } else if (message?.type === 'gc-designer:use') {
        onUse(message.canvas_data);
        setOpen(false);
      } else if (message?.type === 'gc-designer:cancel') {
        setOpen(false);
      } else if (isDesignerRequest(message)) {
        answerDesignerRequest(api, message).then((result) => target.postMessage(result, url.origin));
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [open, onUse, url, api]);

  const openDesigner = (next: boolean) => {
    if (next) startDesign.current = design;
    setOpen(next);
  };

  return (
    <Modal.Root open={open} onOpenChange={openDesigner}>
      <Modal.Trigger>
        <Button type="button" variant="secondary" startIcon={<PaintBrush />} disabled={disabled || !sameOrigin} data-testid="open-designer">
          Open in designer
        </Button>
      </Modal.Trigger>
      <Modal.Content style={{ width: 'min(1400px, 96vw)', maxWidth: '96vw' }}>
        <Modal.Header>
          <Modal.Title>Design the template</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Box paddingBottom={2}>
            <Typography textColor="neutral600">
              Edit the design, then choose “Use this design”. The template is stored when you save it in the form.
            </Typography>
          </Box>
          <iframe
            ref={frame}
            src={url.toString()}
            title="Template designer"
            data-testid="designer-frame"
            style={{ width: '100%', height: '72vh', border: '1px solid #dcdce4', borderRadius: 4, background: '#fff' }}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
