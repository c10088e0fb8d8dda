import * as React from 'react';
import { Box, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { getTranslation } from '../utils/getTranslation';

// A design-system Table that says when it is wider than the screen (issue 41: on a phone the admin's
// tables scrolled sideways with no hint). While the table overflows: a line above it ("Scroll sideways
// to see more"), a shade on each edge that hides more columns, and its scroll box reachable with the
// keyboard (tabindex 0, a region named after the table, so arrow keys scroll it and axe-core's
// scrollable-region-focusable holds). The scroll box is the design system's own (the table's parent):
// its attributes are set here as the overflow comes and goes (on resize, new rows, scrolling).

const FOCUS_STYLE = `[data-gc-scroll]:focus-visible { outline: 2px solid #4945ff; outline-offset: -2px; }`;
const SHADE = 'rgba(33, 33, 52, 0.22)';

interface Edges {
  overflow: boolean;
  left: boolean;
  right: boolean;
}

export function ScrollingTable({ label, children }: { label: string; children: React.ReactNode }) {
  const { formatMessage } = useIntl();
  const wrap = React.useRef<HTMLDivElement>(null);
  const hintId = `gc-scroll-hint-${React.useId().replace(/:/g, '')}`;
  // Its own name, not the table's section's (two landmarks of one name confuse a screen reader).
  const regionName = formatMessage(
    { id: getTranslation('table.scroll-region'), defaultMessage: '{name} (scrolls sideways)' },
    { name: label },
  );
  const [edges, setEdges] = React.useState<Edges>({ overflow: false, left: false, right: false });

  React.useLayoutEffect(() => {
    const table = wrap.current?.querySelector('table');
    const box = table?.parentElement;
    if (!table || !box) return undefined;
    const measure = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      const overflow = hidden > 1;
      const left = overflow && box.scrollLeft > 1;
      const right = overflow && box.scrollLeft < hidden - 1;
      box.setAttribute('data-gc-scroll', '');
      if (overflow) {
        box.tabIndex = 0;
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', regionName);
        box.setAttribute('aria-describedby', hintId);
      } else {
        for (const name of ['tabindex', 'role', 'aria-label', 'aria-describedby']) box.removeAttribute(name);
      }
      setEdges((was) =>
        was.overflow === overflow && was.left === left && was.right === right ? was : { overflow, left, right },
      );
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(table);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [regionName, hintId]);

  const shade = (side: 'left' | 'right'): React.CSSProperties => ({
    position: 'absolute',
    top: 0,
    bottom: 0,
    [side]: 0,
    width: 28,
    pointerEvents: 'none',
    background: `linear-gradient(to ${side}, rgba(33, 33, 52, 0), ${SHADE})`,
    borderRadius: 4,
  });

  return (
    <div ref={wrap} data-testid="gc-scrolling-table">
      <style>{FOCUS_STYLE}</style>
      {edges.overflow ? (
        <Box paddingBottom={2}>
          <Typography id={hintId} variant="pi" textColor="neutral600" data-testid="gc-scroll-hint">
            {formatMessage({
              id: getTranslation('table.scroll-hint'),
              defaultMessage: 'Scroll sideways to see more →',
            })}
          </Typography>
        </Box>
      ) : null}
      <div style={{ position: 'relative' }}>
        {children}
        {edges.left ? <div aria-hidden style={shade('left')} data-testid="gc-scroll-shade-left" /> : null}
        {edges.right ? <div aria-hidden style={shade('right')} data-testid="gc-scroll-shade-right" /> : null}
      </div>
    </div>
  );
}
