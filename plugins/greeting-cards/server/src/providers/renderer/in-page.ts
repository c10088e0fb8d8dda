import type { PreparedDesign } from '../../domain/render/design-prep';

// This function is serialised by puppeteer and runs inside the Chromium page, where the Fabric.js
// browser build has been loaded as `window.fabric`. It must not reference anything from Node.
// It builds a StaticCanvas from the prepared design and returns either Fabric's SVG or a PNG data URL,
// the same drawing code the editor uses, so what the editor shows is what gets printed.
export async function drawDesignInPage(design: PreparedDesign, output: 'svg' | 'png', pngWidth: number): Promise<string> {
  const f = (window as unknown as { fabric: any }).fabric;
  const element = document.createElement('canvas');
  const canvas = new f.StaticCanvas(element, {
    width: design.width,
    height: design.height,
    backgroundColor: design.background,
    renderOnAddRemove: false,
    enableRetinaScaling: false,
  });
  try {
    for (const o of design.objects) {
      const { text, ...props } = o.props as Record<string, any>;
      let obj: any = null;
      if (o.kind === 'textbox') obj = new f.Textbox(String(text), props);
      else if (o.kind === 'i-text') obj = new f.IText(String(text), props);
      else if (o.kind === 'text' || o.kind === 'emoji') obj = new f.FabricText(String(text), props);
      else if (o.kind === 'rect') obj = new f.Rect(props);
      else if (o.kind === 'circle') obj = new f.Circle(props);
      else if (o.kind === 'image' && o.src) {
        try {
          obj = await f.FabricImage.fromURL(o.src, {}, props);
          // A design gives the box the image fills; Fabric sizes an image by its pixels and a scale.
          if (typeof props.width === 'number' && typeof props.height === 'number' && obj.width && obj.height) {
            obj.set({
              width: obj.width,
              height: obj.height,
              scaleX: (props.width / obj.width) * (props.scaleX ?? 1),
              scaleY: (props.height / obj.height) * (props.scaleY ?? 1),
            });
          }
        } catch {
          obj = null; // a missing or broken image is left out rather than failing the whole card
        }
      }
      if (obj) canvas.add(obj);
    }
    if (output === 'svg') {
      return canvas.toSVG({
        suppressPreamble: true,
        width: design.width,
        height: design.height,
        viewBox: { x: 0, y: 0, width: design.width, height: design.height },
      });
    }
    canvas.renderAll();
    return canvas.toDataURL({ format: 'png', multiplier: pngWidth / design.width });
  } finally {
    canvas.dispose();
  }
}
