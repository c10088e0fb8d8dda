// Scales the canvas to the room it has (the whole design always visible, crisp on high-density
// screens) and turns the tool panel into a collapsible bottom sheet on narrow screens.
import type { Editor } from './editor';

export function fitCanvas(
  editor: Editor,
  wrap: HTMLElement,
  options: { foldedOnPhone?: boolean; fillFrame?: boolean } = {},
): void {
  const stage = wrap.parentElement as HTMLElement;
  const hint = document.getElementById('guides-hint');
  const fit = () => {
    const room = stage.clientWidth - 8;
    const phone = window.matchMedia('(max-width: 760px)').matches;
    // The guides' legend under the card, measured: one line or two (German wraps where English does
    // not, a phone more than a laptop), none while the guides are off.
    const legend = hint && !hint.hidden ? hint.offsetHeight + parseFloat(getComputedStyle(hint).marginTop || '0') : 0;
    // On a phone the tool sheet is fixed at the bottom: the card and its legend are sized to the room
    // above it, so the sheet never covers the card being edited (collapsed, the sheet leaves it more room).
    const sheet = document.getElementById('tools');
    const above = wrap.getBoundingClientRect().top + window.scrollY;
    let tall: number;
    // (The designer's frame in the admin's dialog is shorter than a phone's screen: a smaller card there.)
    if (phone)
      tall = Math.max(
        options.fillFrame ? 120 : 240,
        window.innerHeight - above - (sheet?.offsetHeight ?? 0) - legend - 12,
      );
    else if (options.fillFrame) {
      // The template designer fills the admin's dialog frame, which does not scroll: the card and the
      // legend under it fit below the bars (the bleed band is drawn over the legend's top margin).
      const main = stage.parentElement as HTMLElement;
      const padding = parseFloat(getComputedStyle(main).paddingBottom || '0');
      tall = Math.max(200, window.innerHeight - above - legend - padding);
    } else tall = Math.max(300, window.innerHeight - 140 - legend);
    const zoom = Math.min(1, room / editor.size.width, tall / editor.size.height);
    editor.canvas.setDimensions({
      width: Math.round(editor.size.width * zoom),
      height: Math.round(editor.size.height * zoom),
    });
    editor.canvas.setZoom(zoom);
    editor.canvas.requestRenderAll();
  };
  const toggle = document.getElementById('sheet-toggle') as HTMLButtonElement;
  const groups = document.getElementById('tool-groups') as HTMLElement;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    groups.classList.toggle('ed-collapsed', !open);
  };
  // The template designer in the admin's dialog on a phone: the open sheet would cover most of the
  // card, so it starts folded (one tap on "Tools" opens it), and folds again when a wide window turns
  // narrow (the sheet appears). The shop's editor starts it open.
  if (options.foldedOnPhone) {
    const narrow = window.matchMedia('(max-width: 760px)');
    if (narrow.matches) setOpen(false);
    narrow.addEventListener('change', (event) => {
      if (!event.matches) return;
      setOpen(false);
      fit();
    });
  }

  new ResizeObserver(fit).observe(stage);
  // The legend appearing, going or changing its number of lines (its words change with the objects
  // crossing the safe margin) resizes the card.
  if (hint) new ResizeObserver(fit).observe(hint);
  window.addEventListener('resize', fit);
  fit();

  toggle.addEventListener('click', () => {
    setOpen(toggle.getAttribute('aria-expanded') !== 'true');
    fit();
  });
}
