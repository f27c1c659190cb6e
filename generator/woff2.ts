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
  const font = readFont(ttf);
  const glyphs = normalizeGlyphs(font);
  fixChecksums(font);
  const order = outputOrder(font.tables);
  const glyf = transformGlyf(glyphs, font.tables.get('head')?.[51] ?? 0);
  // §5: every table's data in directory order; the transformed loca is empty (§5.3).
  const data = order.map((tag) => (tag === 'glyf' ? glyf : tag === 'loca' ? new Uint8Array(0) : table(font, tag)));
  const stream = Buffer.concat(data);
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
  // §3.2: the header; the file ends padded to four bytes.
  const length = round4(48 + directory.length + compressed.length);
  const header = new Bytes();
  header.u32(0x774f4632); // 'wOF2'
  header.u32(font.flavor);
  header.u32(length);
  header.u16(font.tables.size);
  header.u16(0);
  header.u32(12 + 16 * font.tables.size + order.reduce((sum, tag) => sum + round4(table(font, tag).length), 0));
  header.u32(compressed.length);
  // majorVersion and minorVersion: head's version, as wawoff2 writes them (the format leaves them to the encoder).
  header.bytes(table(font, 'head').subarray(0, 4));
  for (let field = 0; field < 5; field += 1) header.u32(0); // no metadata or private block
  const file = Buffer.alloc(length);
  file.set(header.done(), 0);
  file.set(directory.done(), 48);
  file.set(compressed, 48 + directory.length);
  return file;
}

interface Font {
  flavor: number;
  /** Each table's bytes (copies: normalising edits head), by tag. */
  tables: Map<string, Uint8Array>;
}

/** The tables of an OpenType font with TrueType outlines, without DSIG, which §5 requires removed. */
function readFont(ttf: Uint8Array): Font {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const tables = new Map<string, Uint8Array>();
  for (let index = 0; index < view.getUint16(4); index += 1) {
    const record = 12 + 16 * index;
    const tag = Buffer.from(ttf.subarray(record, record + 4)).toString('latin1');
    const offset = view.getUint32(record + 8);
    if (tag !== 'DSIG') tables.set(tag, ttf.slice(offset, offset + view.getUint32(record + 12)));
  }
  for (const tag of ['head', 'maxp', 'loca', 'glyf']) if (!tables.has(tag)) throw new Error(`Not a TrueType font: no ${tag} table.`);
  return { flavor: view.getUint32(0), tables };
}

function table(font: Font, tag: string): Uint8Array {
  const data = font.tables.get(tag);
  if (!data) throw new Error(`The font has no ${tag} table.`);
  return data;
}

interface Point {
  x: number;
  y: number;
  onCurve: boolean;
}

/** A glyph of the glyf table (OpenType, "glyf"), as the reference encoder reads it. */
interface Glyph {
  bbox: [xMin: number, yMin: number, xMax: number, yMax: number];
  /** A simple glyph's outline; empty for an empty or composite glyph. */
  contours: Point[][];
  /** A composite glyph's component records, as they are. */
  components?: Uint8Array;
  /** Whether a composite glyph carries instructions; a simple one always has a (maybe empty) list. */
  hasInstructions: boolean;
  instructions: Uint8Array;
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
  const glyf = table(font, 'glyf');
  const maxp = table(font, 'maxp');
  const count = new DataView(maxp.buffer, maxp.byteOffset, maxp.byteLength).getUint16(4);
  const locaView = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
  const offset = (index: number) => (head[51] === 0 ? locaView.getUint16(2 * index) * 2 : locaView.getUint32(4 * index));
  const glyphs: Glyph[] = [];
  const stored: Uint8Array[] = [];
  for (let index = 0; index < count; index += 1) {
    const glyph = readGlyph(glyf.subarray(offset(index), offset(index + 1)));
    glyphs.push(glyph);
    stored.push(storeGlyph(glyph));
  }
  const size = stored.reduce((sum, bytes) => sum + round4(bytes.length), 0);
  if (head[51] === 0 && size >= 1 << 17) head[51] = 1;
  const long = head[51] === 1;
  const newGlyf = new Uint8Array(size);
  const newLoca = new Bytes();
  let at = 0;
  for (const bytes of stored) {
    if (long) newLoca.u32(at);
    else newLoca.u16(at >> 1);
    newGlyf.set(bytes, at);
    at += round4(bytes.length);
  }
  if (long) newLoca.u32(at);
  else newLoca.u16(at >> 1);
  font.tables.set('glyf', newGlyf);
  font.tables.set('loca', newLoca.done());
  head[16] = (head[16] ?? 0) | (1 << 3);
  return glyphs;
}

function readGlyph(data: Uint8Array): Glyph {
  const glyph: Glyph = { bbox: [0, 0, 0, 0], contours: [], hasInstructions: false, instructions: new Uint8Array(0), overlap: false };
  if (data.length === 0) return glyph;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const contours = view.getInt16(0);
  glyph.bbox = [view.getInt16(2), view.getInt16(4), view.getInt16(6), view.getInt16(8)];
  let at = 10;
  if (contours > 0) {
    const sizes: number[] = [];
    let last = -1;
    for (let index = 0; index < contours; index += 1, at += 2) {
      const end = view.getUint16(at);
      sizes.push(end - last);
      last = end;
    }
    const instructions = view.getUint16(at);
    glyph.instructions = data.subarray(at + 2, at + 2 + instructions);
    glyph.hasInstructions = true;
    at += 2 + instructions;
    const flags: number[] = [];
    while (flags.length < last + 1) {
      const flag = data[at++] ?? 0;
      const repeat = flag & 8 ? (data[at++] ?? 0) : 0;
      for (let copy = 0; copy <= repeat; copy += 1) flags.push(flag);
    }
    glyph.overlap = ((flags[0] ?? 0) & 0x40) !== 0;
    // Coordinates are deltas: a short one is a byte with its sign in the flags, a long one an int16, a repeat nothing.
    const coordinates = (short: number, same: number): number[] => {
      let value = 0;
      return flags.slice(0, last + 1).map((flag) => {
        if (flag & short) value += flag & same ? (data[at++] ?? 0) : -(data[at++] ?? 0);
        else if (!(flag & same)) {
          value += view.getInt16(at);
          at += 2;
        }
        return value;
      });
    };
    const xs = coordinates(2, 16);
    const ys = coordinates(4, 32);
    let point = 0;
    glyph.contours = sizes.map((size) =>
      Array.from({ length: size }, () => {
        const index = point++;
        return { x: xs[index] ?? 0, y: ys[index] ?? 0, onCurve: ((flags[index] ?? 0) & 1) === 1 };
      }),
    );
  } else if (contours === -1) {
    // Component records until one without MORE_COMPONENTS: flags, glyph index, arguments, transform.
    let flags = 0x20;
    while (flags & 0x20) {
      flags = view.getUint16(at);
      if (flags & 0x100) glyph.hasInstructions = true;
      at += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
    }
    glyph.components = data.subarray(10, at);
    if (glyph.hasInstructions) glyph.instructions = data.subarray(at + 2, at + 2 + view.getUint16(at));
  }
  return glyph;
}

/** A glyph as the glyf table stores it, a simple glyph's bounding box set from its points. */
function storeGlyph(glyph: Glyph): Uint8Array {
  const out = new Bytes();
  if (glyph.components) {
    out.u16(0xffff);
    for (const value of glyph.bbox) out.u16(value);
    out.bytes(glyph.components);
    if (glyph.hasInstructions) {
      out.u16(glyph.instructions.length);
      out.bytes(glyph.instructions);
    }
    return out.done();
  }
  const points = glyph.contours.flat();
  if (glyph.contours.length === 0) return out.done();
  if (points.length > 0) {
    const xs = points.map((point) => point.x);
    const ys = points.map((point) => point.y);
    glyph.bbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }
  out.u16(glyph.contours.length);
  for (const value of glyph.bbox) out.u16(value);
  let end = -1;
  for (const contour of glyph.contours) {
    end += contour.length;
    out.u16(end);
  }
  out.u16(glyph.instructions.length);
  out.bytes(glyph.instructions);
  const flags = new Bytes();
  const xs = new Bytes();
  const ys = new Bytes();
  let previous = -1;
  let repeat = 0;
  let last = { x: 0, y: 0 };
  for (const point of points) {
    let flag = (point.onCurve ? 1 : 0) | (previous === -1 && glyph.overlap ? 0x40 : 0);
    flag |= delta(point.x - last.x, xs, 2, 16) | delta(point.y - last.y, ys, 4, 32);
    if (flag === previous && repeat !== 255) {
      flags.orLast(8);
      repeat += 1;
    } else {
      if (repeat !== 0) flags.u8(repeat);
      flags.u8(flag);
      repeat = 0;
    }
    previous = flag;
    last = point;
  }
  if (repeat !== 0) flags.u8(repeat);
  out.bytes(flags.done());
  out.bytes(xs.done());
  out.bytes(ys.done());
  return out.done();
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
function transformGlyf(glyphs: readonly Glyph[], indexFormat: number): Uint8Array {
  // The streams in the order §5.1 lists them; bboxBitmap starts the bbox stream.
  const nContour = new Bytes();
  const nPoints = new Bytes();
  const flag = new Bytes();
  const glyph = new Bytes();
  const composite = new Bytes();
  const bbox = new Bytes();
  const instruction = new Bytes();
  const bboxBitmap = new Uint8Array(((glyphs.length + 31) >> 5) << 2);
  const overlapSimpleBitmap = new Uint8Array((glyphs.length + 7) >> 3);
  const mark = (bitmap: Uint8Array, id: number) => {
    bitmap[id >> 3] = (bitmap[id >> 3] ?? 0) | (0x80 >> (id & 7));
  };
  const instructions = ({ instructions }: Glyph) => {
    glyph.u255(instructions.length);
    instruction.bytes(instructions);
  };
  glyphs.forEach((each, id) => {
    if (each.components) {
      nContour.u16(0xffff);
      mark(bboxBitmap, id);
      for (const value of each.bbox) bbox.u16(value);
      composite.bytes(each.components);
      if (each.hasInstructions) instructions(each);
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
  const out = new Bytes();
  out.u16(0); // version
  out.u16(overlaps ? 1 : 0); // optionFlags: bit 0, an overlapSimpleBitmap ends the table
  out.u16(glyphs.length);
  out.u16(indexFormat);
  const streams = [nContour, nPoints, flag, glyph, composite].map((stream) => stream.done());
  streams.push(Buffer.concat([bboxBitmap, bbox.done()]), instruction.done());
  for (const stream of streams) out.u32(stream.length);
  for (const stream of streams) out.bytes(stream);
  if (overlaps) out.bytes(overlapSimpleBitmap);
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
    data.u8((x - 1) & 0xff);
    data.u8((y - 1) & 0xff);
  } else if (x < 4096 && y < 4096) {
    flags.u8(on + 120 + signs);
    data.u8(x >> 4);
    data.u8(((x & 0xf) << 4) | (y >> 8));
    data.u8(y & 0xff);
  } else {
    flags.u8(on + 124 + signs);
    data.u16(x);
    data.u16(y);
  }
}

/** §5.5 and the reference encoder: the tables in tag order, except loca, right after glyf. */
function outputOrder(tables: ReadonlyMap<string, Uint8Array>): string[] {
  const tags = sortedTags(tables).filter((tag) => tag !== 'loca');
  tags.splice(tags.indexOf('glyf') + 1, 0, 'loca');
  return tags;
}

function sortedTags(tables: ReadonlyMap<string, Uint8Array>): string[] {
  return [...tables.keys()].sort((a, b) => Buffer.from(a, 'latin1').compare(Buffer.from(b, 'latin1')));
}

/**
 * The checksums of the normalised font, as if it were written out in output order: what a
 * decoder's font has in head's checkSumAdjustment (OpenType, "head"), so that it matches the
 * reference encoder's byte for byte.
 */
function fixChecksums(font: Font): void {
  const head = table(font, 'head');
  head.fill(0, 8, 12);
  const count = font.tables.size;
  const power = count ? Math.floor(Math.log2(count)) : 0;
  const searchRange = power ? 1 << (power + 4) : 0;
  let sum = font.flavor + (((count << 16) | searchRange) >>> 0) + (((power << 16) | ((count << 4) - searchRange)) >>> 0);
  let offset = 12 + 16 * count;
  const offsets = new Map<string, number>();
  for (const tag of outputOrder(font.tables)) {
    offsets.set(tag, offset);
    offset += round4(table(font, tag).length);
  }
  for (const tag of sortedTags(font.tables)) {
    const data = table(font, tag);
    sum += Buffer.from(tag, 'latin1').readUInt32BE(0) + 2 * ulongSum(data) + (offsets.get(tag) ?? 0) + data.length;
  }
  new DataView(head.buffer, head.byteOffset).setUint32(8, (0xb1b0afba - sum) >>> 0);
}

/** The sum of a table as big-endian 32-bit words, zero-padded, modulo 2^32. */
function ulongSum(data: Uint8Array): number {
  const padded = new Uint8Array(round4(data.length));
  padded.set(data);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

function round4(value: number): number {
  return (value + 3) & ~3;
}

/** A growing byte buffer with the writes the format needs (big-endian, §3.1's variable lengths). */
class Bytes {
  private data = new Uint8Array(256);
  length = 0;

  u8(value: number): void {
    this.reserve(1);
    this.data[this.length++] = value & 0xff;
  }

  u16(value: number): void {
    this.u8(value >> 8);
    this.u8(value);
  }

  u32(value: number): void {
    this.u16(value >>> 16);
    this.u16(value & 0xffff);
  }

  bytes(values: Uint8Array): void {
    this.reserve(values.length);
    this.data.set(values, this.length);
    this.length += values.length;
  }

  orLast(bits: number): void {
    this.data[this.length - 1] = (this.data[this.length - 1] ?? 0) | bits;
  }

  /** §3.1 255UInt16: one byte below 253, else a code byte and one or two more. */
  u255(value: number): void {
    if (value < 253) this.u8(value);
    else if (value < 506) this.bytes(Uint8Array.of(255, value - 253));
    else if (value < 762) this.bytes(Uint8Array.of(254, value - 506));
    else this.bytes(Uint8Array.of(253, value >> 8, value & 0xff));
  }

  /** §3.1 UIntBase128: seven bits a byte, most significant first, the high bit on all but the last. */
  base128(value: number): void {
    const groups: number[] = [];
    for (let rest = value; groups.length === 0 || rest > 0; rest = Math.floor(rest / 128)) groups.unshift(rest & 0x7f);
    this.bytes(Uint8Array.from(groups, (group, index) => (index < groups.length - 1 ? group | 0x80 : group)));
  }

  done(): Uint8Array {
    return this.data.subarray(0, this.length);
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.data.length) return;
    const grown = new Uint8Array(Math.max(this.data.length * 2, this.length + bytes));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }
}
