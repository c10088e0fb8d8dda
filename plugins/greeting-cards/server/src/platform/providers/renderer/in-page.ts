// Runs inside the Chromium page, next to the Fabric.js browser build (`window.fabric`). Kept as plain
// JavaScript source (installed once per page with addScriptTag) rather than a Node function handed
// to page.evaluate, so no transpiler can slip helpers into it that do not exist in the page.
//
// window.__gcDraw(design, output, pngWidth) builds a StaticCanvas from a prepared design (see
// platform/designs/design-prep.ts) and returns Fabric's SVG or a PNG data URL: the same drawing code
// as the editor, so what the editor shows is what gets printed.
// Output 'print-svg' is the SVG with each emoji sticker drawn from the colour emoji font into a
// bitmap first: Chromium's PDF writer spends ~70 ms per document embedding that (bitmap-only) font,
// which is most of a warm PDF's time. The emoji's glyphs are bitmaps anyway, so nothing is lost.
// window.__gcEmoji(chars, px) draws single emoji the same way for the inside message.
export const IN_PAGE_SCRIPT = String.raw`
window.__gcDraw = async function (design, output, pngWidth) {
  var f = window.fabric;
  var canvas = new f.StaticCanvas(document.createElement('canvas'), {
    width: design.width,
    height: design.height,
    backgroundColor: design.background,
    renderOnAddRemove: false,
    enableRetinaScaling: false
  });
  try {
    // The pattern is the canvas's background object, as in the editor: drawn over the colour, under
    // every object, never selectable, and part of Fabric's SVG.
    if (design.pattern) {
      canvas.backgroundImage = new f.Path(design.pattern.path, { fill: design.pattern.fill, objectCaching: false });
    }
    // Text is measured when it is created: load each web font (and the glyphs used) first.
    var faces = {};
    design.objects.forEach(function (o) {
      var p = o.props || {};
      if (o.kind === 'emoji' || !p.fontFamily) return;
      var key = (p.fontStyle || 'normal') + ' ' + (p.fontWeight || 'normal') + ' 40px ' + p.fontFamily;
      faces[key] = (faces[key] || '') + String(p.text || '');
    });
    await Promise.all(Object.keys(faces).map(function (k) { return document.fonts.load(k, faces[k]).catch(function () { return null; }); }));
    for (var i = 0; i < design.objects.length; i++) {
      var o = design.objects[i];
      var props = Object.assign({}, o.props);
      var text = String(props.text || '');
      delete props.text;
      var obj = null;
      if (o.kind === 'textbox') obj = new f.Textbox(text, props);
      else if (o.kind === 'i-text') obj = new f.IText(text, props);
      else if (o.kind === 'text' || o.kind === 'emoji') obj = new f.FabricText(text, props);
      if (o.kind === 'emoji' && output === 'print-svg') {
        var centre = obj.getCenterPoint();
        obj = obj.cloneAsImage({ multiplier: 2 });
        obj.set({ originX: 'center', originY: 'center', left: centre.x, top: centre.y, scaleX: 0.5, scaleY: 0.5 });
      }
      else if (o.kind === 'rect') obj = new f.Rect(props);
      else if (o.kind === 'circle') obj = new f.Circle(props);
      // Handwriting: a stroke, never filled (platform/designs/handwriting.ts), as the editor builds it.
      else if (o.kind === 'path' && o.path) obj = new f.Path(o.path, Object.assign(props, { fill: null }));
      else if (o.kind === 'image' && o.src) {
        try {
          var boxW = props.width, boxH = props.height;
          delete props.width;
          delete props.height;
          obj = await f.FabricImage.fromURL(o.src, { crossOrigin: 'anonymous' }, props);
          // A design gives the box the image fills; Fabric sizes an image by its pixels and a scale.
          if (typeof boxW === 'number' && typeof boxH === 'number' && obj.width && obj.height) {
            obj.set({ scaleX: (boxW / obj.width) * (props.scaleX || 1), scaleY: (boxH / obj.height) * (props.scaleY || 1) });
          }
        } catch (e) {
          obj = null; // a missing or blocked image is left out rather than failing the whole card
        }
      }
      if (obj) canvas.add(obj);
    }
    if (output !== 'png') {
      return canvas.toSVG({
        suppressPreamble: true,
        width: design.width,
        height: design.height,
        viewBox: { x: 0, y: 0, width: design.width, height: design.height }
      });
    }
    // No renderAll() first: Fabric's toDataURL draws every object again into a canvas of its own at the
    // multiplier (toCanvasElement), so drawing the canvas itself was a second, unused rendering (about a
    // quarter of Chromium's CPU per PNG). The bytes are the same either way. Fabric's toDataURL is
    // toCanvasElement then the element's toDataURL; called here so the element's pixels (2 MB for a 600 px
    // card) are let go at once instead of when the page's garbage is next collected.
    var out = canvas.toCanvasElement(pngWidth / design.width);
    try {
      return out.toDataURL('image/png');
    } finally {
      out.width = 0;
      out.height = 0;
    }
  } finally {
    canvas.dispose();
  }
};

window.__gcEmoji = function (chars, px) {
  var out = {};
  var size = Math.ceil(px * 1.25);
  chars.forEach(function (ch) {
    var c = document.createElement('canvas');
    c.width = size;
    c.height = size;
    var ctx = c.getContext('2d');
    ctx.font = px + "px 'Noto Color Emoji'";
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(ch, size / 2, size / 2);
    out[ch] = c.toDataURL('image/png');
  });
  return out;
};
`;
