// Small sound and video files built byte by byte, each a well-formed container of the length asked for
// (the frames hold silence or nothing): what the message upload's checks read, without a codec.

export function mp3(seconds: number): Buffer {
  // MPEG-1 layer III, 128 kbit/s, 44.1 kHz, mono: 417-byte frames of 1152 samples.
  const frames = Math.ceil((seconds * 44100) / 1152);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4]);
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggPage(body: Buffer, opts: { flags: number; granule: bigint; sequence: number }): Buffer {
  const lacing: number[] = [];
  let left = body.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[5] = opts.flags;
  header.writeBigInt64LE(opts.granule, 6);
  header.writeUInt32LE(0x1234, 14);
  header.writeUInt32LE(opts.sequence, 18);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const page = Buffer.concat([header, body]);
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  page.writeUInt32LE(crc, 22);
  return page;
}

export function ogg(seconds: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48000, 12);
  const tags = Buffer.concat([
    Buffer.from('OpusTags', 'latin1'),
    Buffer.from([4, 0, 0, 0]),
    Buffer.from('test'),
    Buffer.alloc(4),
  ]);
  return Buffer.concat([
    oggPage(head, { flags: 2, granule: 0n, sequence: 0 }),
    oggPage(tags, { flags: 0, granule: 0n, sequence: 1 }),
    oggPage(Buffer.alloc(600, 0xf8), { flags: 4, granule: BigInt(Math.round(seconds * 48000) + 312), sequence: 2 }),
  ]);
}

function vint(size: number): Buffer {
  // Eight-byte sizes throughout: simple, and valid EBML.
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  b.writeUIntBE(size, 2, 6);
  return b;
}
const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

function el(id: number, body: Buffer | string | number, unknownSize = false): Buffer {
  const idBytes = Buffer.alloc(4);
  idBytes.writeUInt32BE(id);
  const idBuf = idBytes.subarray(id > 0xffffff ? 0 : id > 0xffff ? 1 : id > 0xff ? 2 : 3);
  const data =
    typeof body === 'number'
      ? (() => {
          const b = Buffer.alloc(4);
          b.writeUInt32BE(body);
          return b;
        })()
      : typeof body === 'string'
        ? Buffer.from(body, 'latin1')
        : body;
  return Buffer.concat([idBuf, unknownSize ? UNKNOWN : vint(data.length), data]);
}

export function webm(seconds: number, kind: 'audio' | 'video' = 'audio'): Buffer {
  const header = el(0x1a45dfa3, Buffer.concat([el(0x4286, 1), el(0x4282, 'webm')]));
  const info = el(0x1549a966, Buffer.concat([el(0x2ad7b1, 1_000_000), el(0x4d80, 'test')]));
  const tracks = el(
    0x1654ae6b,
    el(
      0xae,
      Buffer.concat([el(0xd7, 1), el(0x83, kind === 'video' ? 1 : 2), el(0x86, kind === 'video' ? 'V_VP8' : 'A_OPUS')]),
    ),
  );
  const clusters: Buffer[] = [];
  const totalMs = Math.round(seconds * 1000);
  for (let start = 0; start <= totalMs; start += 10_000) {
    const blocks: Buffer[] = [el(0xe7, start)];
    for (let offset = 0; offset < 10_000 && start + offset <= totalMs; offset += 1000) {
      const block = Buffer.alloc(4 + 20);
      block[0] = 0x81;
      block.writeInt16BE(Math.min(offset, totalMs - start), 1);
      block[3] = 0x80;
      blocks.push(el(0xa3, block));
    }
    // The last block at the exact end.
    clusters.push(el(0x1f43b675, Buffer.concat(blocks), true));
  }
  return Buffer.concat([header, el(0x18538067, Buffer.concat([info, tracks, ...clusters]), true)]);
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

export function mp4(seconds: number, kind: 'audio' | 'video' = 'video'): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16);
  const hdlr = Buffer.alloc(25);
  hdlr.write(kind === 'video' ? 'vide' : 'soun', 8, 'latin1');
  const moov = box('moov', box('mvhd', mvhd), box('trak', box('mdia', box('hdlr', hdlr))));
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(1000, 0x11))]);
}
