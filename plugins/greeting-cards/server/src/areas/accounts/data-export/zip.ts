import JSZip from 'jszip';

/** One zip of `files` (path → bytes), deflated. */
export async function zipOf(files: Array<{ path: string; body: Buffer | string }>): Promise<Buffer> {
  const zip = new JSZip();
  for (const file of files) zip.file(file.path, file.body, { date: new Date() });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
