/**
 * A WOFF2 encoder for a TrueType font: the format of the W3C's WOFF File Format 2.0
 * (https://www.w3.org/TR/WOFF2/, its sections cited as §), written as Google's reference encoder
 * (github.com/google/woff2, which wawoff2 compiles to WebAssembly) writes it: the same normalised
 * tables and transformed glyf table, then one Brotli stream at quality 11 in font mode, from
 * Node's own zlib. Nothing warms up: the site's font takes ~50 ms instead of the ~250 ms of
 * the WebAssembly encoder's first call. It covers what HarfBuzz's subsets are (one TrueType font),
 * and what that encoder writes by default: no collection, no metadata or private block, no hmtx
 * transform.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

/** §4.1: the tags a directory entry names by their index, in the order of the "Known Table Tags". */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX ' +
  'vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat ' +
  'fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .split(' ')
  .map((tag) => tag.replace('_', ' '));

/** The font as WOFF2, compressed on the libuv thread pool (two calls compress in parallel). */
export async function encodeWoff2(ttf: Uint8Array): Promise<Buffer> {
  const font = readFont(Buffer.from(ttf.buffer, ttf.byteOffset, ttf.byteLength));
  const glyphs = normalizeGlyphs(font);
  const order = outputOrder(font.tables);
  const sfntSize = fixChecksums(font, order);
  const glyf = transformGlyf(glyphs, table(font, 'head').readInt16BE(50));
  // §5: every table's data in directory order; the transformed loca is empty (§5.3).
  const stream = Buffer.concat(order.map((tag) => (tag === 'glyf' ? glyf : tag === 'loca' ? Buffer.alloc(0) : table(font, tag))));
  const compressed = await compress(stream, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT,
      [constants.BROTLI_PARAM_LGWIN]: 22,
      [constants.BROTLI_PARAM_SIZE_HINT]: stream.length,
    },
  });

  // §4.1: the table directory: flags (known tag index, transform version 0), tag, lengths.
  const directory = new Bytes();
  for (const tag of order) {
    const known = KNOWN_TAGS.indexOf(tag);
    directory.u8(known === -1 ? 0x3f : known);
    if (known === -1) directory.bytes(Buffer.from(tag, 'latin1'));
    directory.base128(table(font, tag).length);
    // Version 0 is the glyf and loca transform, and the null transform of every other table.
    if (tag === 'glyf' || tag === 'loca') directory.base128(tag === 'glyf' ? glyf.length : 0);
  }
  // §3.2: the header (what it does not set stays zero: reserved, no metadata or private block);
  // the file ends padded to four bytes.
  const file = Buffer.alloc(round4(48 + directory.length + compressed.length));
  file.writeUInt32BE(0x774f4632, 0); // 'wOF2'
  file.writeUInt32BE(font.flavor, 4);
  file.writeUInt32BE(file.length, 8);
  file.writeUInt16BE(font.tables.size, 12);
  file.writeUInt32BE(sfntSize, 16);
  file.writeUInt32BE(compressed.length, 20);
  // majorVersion and minorVersion: head's version, as wawoff2 writes them (the format leaves them to the encoder).
  table(font, 'head').copy(file, 24, 0, 4);
  directory.done().copy(file, 48);
  compressed.copy(file, 48 + directory.length);
  return file;
}

interface Font {
  flavor: number;
  /** Each table's bytes (copies: normalising edits head), by tag. */
  tables: Map<string, Buffer>;
}

/** The tables of an OpenType font with TrueType outlines, without DSIG, which §5 requires removed. */
function readFont(ttf: Buffer): Font {
  const tables = new Map<string, Buffer>();
  for (let record = 12; record < 12 + 16 * ttf.readUInt16BE(4); record += 16) {
    const tag = ttf.toString('latin1', record, record + 4);
    const offset = ttf.readUInt32BE(record + 8);
    if (tag !== 'DSIG') tables.set(tag, Buffer.from(ttf.subarray(offset, offset + ttf.readUInt32BE(record + 12))));
  }
  for (const tag of ['head', 'maxp', 'loca', 'glyf']) if (!tables.has(tag)) throw new Error(`Not a TrueType font: no ${tag} table.`);
  return { flavor: ttf.readUInt32BE(0), tables };
}

function table(font: Font, tag: string): Buffer {
  const data = font.tables.get(tag);
  if (!data) throw new Error(`The font has no ${tag} table.`);
  return data;
}

/** A glyph of the glyf table (OpenType, "glyf"), as the reference encoder reads it. */
interface Glyph {
  /** xMin, yMin, xMax, yMax. */
  bbox: number[];
  /** A simple glyph's outline; empty for an empty or composite glyph. */
  contours: { x: number; y: number; onCurve: boolean }[][];
  /** A composite glyph's component records, as they are. */
  components?: Buffer;
  /** A simple glyph always has a (maybe empty) list; a composite one may have none. */
  instructions?: Buffer;
  /** OVERLAP_SIMPLE, on a simple glyph's first point. */
  overlap: boolean;
}

/**
 * The reference encoder's normalisation: every glyph read and written again (a simple glyph's
 * bounding box computed from its points, its flags and coordinates in the shortest form), each
 * padded to four bytes, and a new loca, long offsets if short ones cannot reach; head gets bit 11
 * of its flags, "font data is lossless as a result of an optimizing transformation" (§5).
 */
function normalizeGlyphs(font: Font): Glyph[] {
  const head = table(font, 'head');
  const loca = table(font, 'loca');
  const short = head.readInt16BE(50) === 0;
  const offset = (index: number) => (short ? loca.readUInt16BE(2 * index) * 2 : loca.readUInt32BE(4 * index));
  const glyphs = Array.from({ length: table(font, 'maxp').readUInt16BE(4) }, (_, index) =>
    readGlyph(table(font, 'glyf').subarray(offset(index), offset(index + 1))),
  );
  const stored = glyphs.map((glyph) => pad4(storeGlyph(glyph)));
  const offsets = [0];
  for (const bytes of stored) offsets.push((offsets.at(-1) ?? 0) + bytes.length);
  const long = !short || (offsets.at(-1) ?? 0) >= 1 << 17;
  head.writeInt16BE(long ? 1 : 0, 50);
  const newLoca = new Bytes();
  for (const offset of offsets) {
    if (long) newLoca.u32(offset);
    else newLoca.u16(offset >> 1);
  }
  font.tables.set('glyf', Buffer.concat(stored));
  font.tables.set('loca', newLoca.done());
  head.writeUInt16BE(head.readUInt16BE(16) | (1 << 11), 16);
  return glyphs;
}

function readGlyph(data: Buffer): Glyph {
  const glyph: Glyph = { bbox: [0, 0, 0, 0], contours: [], overlap: false };
  if (data.length === 0) return glyph;
  const contours = data.readInt16BE(0);
  glyph.bbox = [2, 4, 6, 8].map((at) => data.readInt16BE(at));
  let at = 10 + 2 * Math.max(contours, 0);
  if (contours > 0) {
    const ends = Array.from({ length: contours }, (_, index) => data.readUInt16BE(10 + 2 * index));
    const points = (ends.at(-1) ?? 0) + 1;
    glyph.instructions = data.subarray(at + 2, at + 2 + data.readUInt16BE(at));
    at += 2 + glyph.instructions.length;
    const flags: number[] = [];
    while (flags.length < points) {
      const flag = data[at++] ?? 0;
      const repeat = flag & 8 ? (data[at++] ?? 0) : 0;
      for (let copy = 0; copy <= repeat; copy += 1) flags.push(flag);
    }
    flags.length = points;
    glyph.overlap = ((flags[0] ?? 0) & 0x40) !== 0;
    // Coordinates are deltas: a short one is a byte with its sign in the flags, a long one an int16, a repeat nothing.
    const coordinates = (short: number, same: number): number[] => {
      let value = 0;
      return flags.map((flag) => {
        if (flag & short) value += flag & same ? (data[at++] ?? 0) : -(data[at++] ?? 0);
        else if (!(flag & same)) {
          value += data.readInt16BE(at);
          at += 2;
        }
        return value;
      });
    };
    const xs = coordinates(2, 16);
    const ys = coordinates(4, 32);
    const all = flags.map((flag, index) => ({ x: xs[index] ?? 0, y: ys[index] ?? 0, onCurve: (flag & 1) === 1 }));
    glyph.contours = ends.map((end, index) => all.slice(index === 0 ? 0 : (ends[index - 1] ?? 0) + 1, end + 1));
  } else if (contours === -1) {
    // Component records until one without MORE_COMPONENTS: flags, glyph index, arguments, transform.
    let flags = 0x20;
    let hasInstructions = false;
    while (flags & 0x20) {
      flags = data.readUInt16BE(at);
      hasInstructions ||= (flags & 0x100) !== 0;
      at += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
    }
    glyph.components = data.subarray(10, at);
    if (hasInstructions) glyph.instructions = data.subarray(at + 2, at + 2 + data.readUInt16BE(at));
  }
  return glyph;
}

/** A glyph as the glyf table stores it, a simple glyph's bounding box set from its points. */
function storeGlyph(glyph: Glyph): Buffer {
  const out = new Bytes();
  const points = glyph.contours.flat();
  if (!glyph.components && glyph.contours.length === 0) return out.done();
  if (points.length > 0) {
    const xs = points.map((point) => point.x);
    const ys = points.map((point) => point.y);
    glyph.bbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }
  out.u16(glyph.components ? 0xffff : glyph.contours.length);
  for (const value of glyph.bbox) out.u16(value);
  if (glyph.components) {
    out.bytes(glyph.components);
    if (glyph.instructions) out.u16(glyph.instructions.length).bytes(glyph.instructions);
    return out.done();
  }
  let end = -1;
  for (const contour of glyph.contours) {
    end += contour.length;
    out.u16(end);
  }
  out.u16(glyph.instructions?.length ?? 0).bytes(glyph.instructions ?? []);
  const flags: number[] = [];
  const xs = new Bytes();
  const ys = new Bytes();
  let previous = -1;
  let repeat = 0;
  let last = { x: 0, y: 0 };
  for (const point of points) {
    let flag = (point.onCurve ? 1 : 0) | (previous === -1 && glyph.overlap ? 0x40 : 0);
    flag |= delta(point.x - last.x, xs, 2, 16) | delta(point.y - last.y, ys, 4, 32);
    if (flag === previous && repeat !== 255) {
      flags[flags.length - 1] = flag | 8;
      repeat += 1;
    } else {
      if (repeat !== 0) flags.push(repeat);
      flags.push(flag);
      repeat = 0;
    }
    previous = flag;
    last = point;
  }
  if (repeat !== 0) flags.push(repeat);
  return out.bytes(flags).bytes(xs.done()).bytes(ys.done()).done();
}

/** Writes one coordinate delta in its shortest form, and returns its flags (short, and same or positive). */
function delta(value: number, out: Bytes, short: number, same: number): number {
  if (value === 0) return same;
  if (value > -256 && value < 256) {
    out.u8(Math.abs(value));
    return short | (value > 0 ? same : 0);
  }
  out.u16(value);
  return 0;
}

/**
 * §5.1: the transformed glyf table: the glyphs split into streams of like data (contour counts,
 * point counts, flags, coordinates and instruction lengths, components, bounding boxes,
 * instructions), then the bit array of glyphs whose first point has OVERLAP_SIMPLE, if any has.
 * A simple glyph's bounding box is left out: the decoder computes it from the points, as
 * normalising did.
 */
function transformGlyf(glyphs: readonly Glyph[], indexFormat: number): Buffer {
  // The streams in the order §5.1 lists them; bboxBitmap starts the bbox stream.
  const nContour = new Bytes();
  const nPoints = new Bytes();
  const flag = new Bytes();
  const glyph = new Bytes();
  const composite = new Bytes();
  const bbox = new Bytes();
  const instruction = new Bytes();
  const bboxBitmap = Buffer.alloc(((glyphs.length + 31) >> 5) << 2);
  const overlapSimpleBitmap = Buffer.alloc((glyphs.length + 7) >> 3);
  const mark = (bitmap: Buffer, id: number) => {
    bitmap[id >> 3] = (bitmap[id >> 3] ?? 0) | (0x80 >> (id & 7));
  };
  const instructions = ({ instructions = Buffer.alloc(0) }: Glyph) => {
    glyph.u255(instructions.length);
    instruction.bytes(instructions);
  };
  glyphs.forEach((each, id) => {
    if (each.components) {
      nContour.u16(0xffff);
      mark(bboxBitmap, id);
      for (const value of each.bbox) bbox.u16(value);
      composite.bytes(each.components);
      if (each.instructions) instructions(each);
    } else if (each.contours.length > 0) {
      if (each.overlap) mark(overlapSimpleBitmap, id);
      nContour.u16(each.contours.length);
      for (const contour of each.contours) nPoints.u255(contour.length);
      let last = { x: 0, y: 0 };
      for (const point of each.contours.flat()) {
        triplet(point.onCurve, point.x - last.x, point.y - last.y, flag, glyph);
        last = point;
      }
      instructions(each);
    } else nContour.u16(0);
  });
  const overlaps = overlapSimpleBitmap.some((byte) => byte !== 0);
  const streams = [nContour, nPoints, flag, glyph, composite].map((stream) => stream.done());
  streams.push(Buffer.concat([bboxBitmap, bbox.done()]), instruction.done());
  // version 0; optionFlags bit 0: an overlapSimpleBitmap ends the table.
  const out = new Bytes()
    .u16(0)
    .u16(overlaps ? 1 : 0)
    .u16(glyphs.length)
    .u16(indexFormat);
  for (const stream of streams) out.u32(stream.length);
  for (const stream of [...streams, ...(overlaps ? [overlapSimpleBitmap] : [])]) out.bytes(stream);
  return out.done();
}

/**
 * §5.2: a point as a flag byte (on or off the curve, and which of the 128 encodings) and 1 to 4
 * bytes of coordinates, the shortest encoding that holds the delta.
 */
function triplet(onCurve: boolean, dx: number, dy: number, flags: Bytes, data: Bytes): void {
  const x = Math.abs(dx);
  const y = Math.abs(dy);
  const on = onCurve ? 0 : 128;
  const xSign = dx < 0 ? 0 : 1;
  const ySign = dy < 0 ? 0 : 1;
  const signs = xSign + 2 * ySign;
  if (dx === 0 && y < 1280) {
    flags.u8(on + ((y & 0xf00) >> 7) + ySign);
    data.u8(y & 0xff);
  } else if (dy === 0 && x < 1280) {
    flags.u8(on + 10 + ((x & 0xf00) >> 7) + xSign);
    data.u8(x & 0xff);
  } else if (x < 65 && y < 65) {
    flags.u8(on + 20 + ((x - 1) & 0x30) + (((y - 1) & 0x30) >> 2) + signs);
    data.u8((((x - 1) & 0xf) << 4) | ((y - 1) & 0xf));
  } else if (x < 769 && y < 769) {
    flags.u8(on + 84 + 12 * (((x - 1) & 0x300) >> 8) + (((y - 1) & 0x300) >> 6) + signs);
    data.u8(x - 1).u8(y - 1);
  } else if (x < 4096 && y < 4096) {
    flags.u8(on + 120 + signs);
    data
      .u8(x >> 4)
      .u8(((x & 0xf) << 4) | (y >> 8))
      .u8(y);
  } else {
    flags.u8(on + 124 + signs);
    data.u16(x).u16(y);
  }
}

/** §5.5 and the reference encoder: the tables in tag order (their bytes' order: tags are ASCII), except loca, right after glyf. */
function outputOrder(tables: ReadonlyMap<string, Buffer>): string[] {
  const tags = [...tables.keys()].sort().filter((tag) => tag !== 'loca');
  tags.splice(tags.indexOf('glyf') + 1, 0, 'loca');
  return tags;
}

/**
 * The checksums of the normalised font, as if it were written out in output order: what a
 * decoder's font has in head's checkSumAdjustment (OpenType, "head"), so that it matches the
 * reference encoder's byte for byte. Returns that font's size (totalSfntSize, §3.2).
 */
function fixChecksums(font: Font, order: readonly string[]): number {
  const head = table(font, 'head');
  head.fill(0, 8, 12);
  const count = font.tables.size;
  const power = count ? Math.floor(Math.log2(count)) : 0;
  const searchRange = power ? 1 << (power + 4) : 0;
  let sum = font.flavor + (((count << 16) | searchRange) >>> 0) + (((power << 16) | ((count << 4) - searchRange)) >>> 0);
  let offset = 12 + 16 * count;
  for (const tag of order) {
    const data = table(font, tag);
    sum += Buffer.from(tag, 'latin1').readUInt32BE(0) + 2 * ulongSum(data) + offset + data.length;
    offset += round4(data.length);
  }
  head.writeUInt32BE((0xb1b0afba - sum) >>> 0, 8);
  return offset;
}

/** The sum of a table as big-endian 32-bit words, zero-padded, modulo 2^32. */
function ulongSum(data: Buffer): number {
  const padded = pad4(data);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

function round4(value: number): number {
  return (value + 3) & ~3;
}

function pad4(data: Buffer): Buffer {
  return Buffer.concat([data, Buffer.alloc(round4(data.length) - data.length)]);
}

/** A growing byte array with the writes the format needs (big-endian, §3.1's variable lengths), each returning it for the next. */
class Bytes {
  private readonly data: number[] = [];

  get length(): number {
    return this.data.length;
  }

  u8(value: number): this {
    this.data.push(value & 0xff);
    return this;
  }

  u16(value: number): this {
    return this.u8(value >> 8).u8(value);
  }

  u32(value: number): this {
    return this.u16(value >>> 16).u16(value);
  }

  bytes(values: Iterable<number>): this {
    for (const value of values) this.data.push(value);
    return this;
  }

  /** §3.1 255UInt16: one byte below 253, else a code byte and one or two more. */
  u255(value: number): this {
    if (value < 253) return this.u8(value);
    if (value < 506) return this.u8(255).u8(value - 253);
    if (value < 762) return this.u8(254).u8(value - 506);
    return this.u8(253).u16(value);
  }

  /** §3.1 UIntBase128: seven bits a byte, most significant first, the high bit on all but the last. */
  base128(value: number): this {
    const groups = [value & 0x7f];
    for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) groups.unshift((rest & 0x7f) | 0x80);
    return this.bytes(groups);
  }

  done(): Buffer {
    return Buffer.from(this.data);
  }
}
