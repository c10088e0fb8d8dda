import { execFile } from 'child_process';
import fs from 'fs/promises';
import os from 'os';
import path from 'path';
import { promisify } from 'util';

const run = promisify(execFile);

export interface PdfFacts {
  pages: number;
  /** Page size in points, as pdfinfo reports it. */
  width: number;
  height: number;
  /** The text pdftotext extracts, page by page. */
  pageTexts: string[];
  /** Embedded font names (pdffonts). */
  fonts: string[];
  /** Images drawn on each page, not counting soft masks (pdfimages -list). */
  imagesPerPage: number[];
}

/** Reads a PDF with poppler's pdfinfo and pdftotext (real parsers, not our own code). */
export async function inspectPdf(pdf: Buffer): Promise<PdfFacts> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gc-pdf-'));
  const file = path.join(dir, 'card.pdf');
  try {
    await fs.writeFile(file, pdf);
    const info = (await run('pdfinfo', [file])).stdout;
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
    if (!size) throw new Error(`pdfinfo gave no page size:\n${info}`);
    const pageTexts: string[] = [];
    for (let p = 1; p <= pages; p += 1) {
      pageTexts.push((await run('pdftotext', ['-f', String(p), '-l', String(p), '-layout', file, '-'])).stdout);
    }
    const fonts = (await run('pdffonts', [file])).stdout
      .split('\n')
      .slice(2)
      .map((l) => l.split(/\s+/)[0])
      .filter(Boolean);
    const imagesPerPage = Array.from({ length: pages }, () => 0);
    for (const line of (await run('pdfimages', ['-list', file])).stdout.split('\n').slice(2)) {
      const [page, , type] = line.trim().split(/\s+/);
      if (type === 'image') imagesPerPage[Number(page) - 1] += 1;
    }
    return { pages, width: Number(size[1]), height: Number(size[2]), pageTexts, fonts, imagesPerPage };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Collapses runs of whitespace so wrapped text can be matched. */
export const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface PageBoxes {
  /** Page size in points (pdfinfo's "Page N size"). */
  width: number;
  height: number;
  /** [x1, y1, x2, y2] in points. */
  mediaBox: number[];
  trimBox: number[];
  bleedBox: number[];
}

/** Every page's size and boxes, as poppler's pdfinfo reads them (one entry per page). */
export async function pageBoxes(pdf: Buffer): Promise<PageBoxes[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gc-pdf-'));
  const file = path.join(dir, 'card.pdf');
  try {
    await fs.writeFile(file, pdf);
    const info = (await run('pdfinfo', ['-f', '1', '-l', '9999', '-box', file])).stdout;
    const pages = new Map<number, PageBoxes>();
    const page = (n: number) =>
      pages.get(n) ?? pages.set(n, { width: 0, height: 0, mediaBox: [], trimBox: [], bleedBox: [] }).get(n)!;
    for (const line of info.split('\n')) {
      const size = /^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/.exec(line);
      if (size) Object.assign(page(Number(size[1])), { width: Number(size[2]), height: Number(size[3]) });
      const box = /^Page\s+(\d+) (MediaBox|TrimBox|BleedBox):\s+([-\d.\s]+)$/.exec(line);
      if (box) {
        const key = ({ MediaBox: 'mediaBox', TrimBox: 'trimBox', BleedBox: 'bleedBox' } as const)[
          box[2] as 'MediaBox' | 'TrimBox' | 'BleedBox'
        ];
        page(Number(box[1]))[key] = box[3].trim().split(/\s+/).map(Number);
      }
    }
    return [...pages.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Pixel size of every image drawn in the PDF (pdfimages -list), soft masks left out. */
export async function imageSizes(pdf: Buffer): Promise<Array<{ page: number; width: number; height: number }>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gc-pdf-'));
  const file = path.join(dir, 'card.pdf');
  try {
    await fs.writeFile(file, pdf);
    return (await run('pdfimages', ['-list', file])).stdout
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[2] === 'image')
      .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]) }));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** One page drawn by poppler's pdftoppm at `dpi` (72 dpi: one pixel a point), as a PNG. */
export async function pagePng(pdf: Buffer, page: number, dpi = 72): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gc-pdf-'));
  const file = path.join(dir, 'card.pdf');
  try {
    await fs.writeFile(file, pdf);
    const out = path.join(dir, 'page');
    await run('pdftoppm', [
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      '-r',
      String(dpi),
      file,
      out,
    ]);
    return await fs.readFile(`${out}.png`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
