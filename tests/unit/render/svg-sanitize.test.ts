import { sanitizeSvg } from '../../../plugins/greeting-cards/server/src/domain/render/svg-sanitize';

describe('sanitizeSvg', () => {
  it('keeps drawing elements, text and in-document references', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g1"><stop offset="0"/></linearGradient></defs>'
      + '<rect style="fill: url(#g1);" width="10" height="10"/><text font-family="&apos;Georgia&apos;"><tspan x="1" y="2">Hi &amp; bye</tspan></text></svg>';
    expect(sanitizeSvg(svg)).toBe(svg);
  });

  it('removes scripts, foreignObject and everything inside them', () => {
    const out = sanitizeSvg('<svg><script>alert(1)</script><foreignObject><div><script>x()</script>html</div></foreignObject><SCRIPT src="x"/><rect/></svg>');
    expect(out).toBe('<svg><rect/></svg>');
  });

  it('removes event handlers, outside links and CSS that loads from elsewhere', () => {
    const out = sanitizeSvg('<svg onload="x()"><image href="https://evil.example.test/a.png" xlink:href="javascript:alert(1)"/>'
      + '<image href="/uploads/ok.png"/><use href="#a"/><rect style="fill: url(https://evil.example.test/x)" fill="red"/>'
      + '<rect style="behavior:url(x)"/><a href="https://evil.example.test"><rect/></a><image href="&#106;avascript:alert(1)"/></svg>');
    expect(out).not.toMatch(/onload|evil|javascript|behavior/i);
    expect(out).toContain('<image href="/uploads/ok.png"/>');
    expect(out).toContain('<use href="#a"/>');
    expect(out).toContain('fill="red"');
  });

  it('drops comments, doctypes and processing instructions, and escapes stray angle brackets', () => {
    expect(sanitizeSvg('<?xml version="1.0"?><!DOCTYPE svg><!-- <script> --><svg>a < b</svg>')).toBe('<svg>a &lt; b</svg>');
  });
});
