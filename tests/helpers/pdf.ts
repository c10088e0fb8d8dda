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
    const fonts = (await run('pdffonts', [file])).stdout.split('\n').slice(2).map((l) => l.split(/\s+/)[0]).filter(Boolean);
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
