/**
 * What a picture's file says beyond its pixels (where it was taken, the camera, the author: EXIF, XMP and IPTC,
 * as a phone or a camera leaves them), and the same file without it. Both editors take pictures through here
 * before they save them into the repository, and the content check names a picture that still holds its location,
 * so that none reaches the repository's history, even though the site's own copies are made anew by the build.
 *
 * The pictures' own bytes are kept as they are: only the container's metadata parts go (JPEG's segments, PNG's
 * chunks, WebP's chunks; an AVIF's EXIF and XMP items are blanked in place), so a picture loses nothing of its
 * quality, and keeps its colour profile and which way up it is shown. Plain bytes in and out, no Node.js: the
 * editor's page runs it in the browser as well.
 */

/** What a picture's metadata gives away, each named as an editor reads it. */
export type PrivateDetail = "location" | "camera" | "author";

export const PRIVATE_DETAIL_WORDS: Record<PrivateDetail, string> = {
  location: "where it was taken (GPS)",
  camera: "the camera or phone that took it",
  author: "its author or owner",
};

interface Found {
  /** EXIF as a TIFF structure (after JPEG's "Exif\0\0"). */
  exif: Uint8Array[];
  xmp: string[];
  /** IPTC or text fields that name people (JPEG's APP13, PNG's text chunks). */
  named: boolean;
}

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const startsWith = (bytes: Uint8Array, text: string) => latin1(bytes.subarray(0, text.length)) === text;
const concat = (parts: Uint8Array[]) => {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
};

type Format = "jpeg" | "png" | "webp" | "avif";

function formatOf(bytes: Uint8Array): Format | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "jpeg";
  if (startsWith(bytes, "\x89PNG\r\n\x1a\n")) return "png";
  if (startsWith(bytes, "RIFF") && latin1(bytes.subarray(8, 12)) === "WEBP") return "webp";
  if (latin1(bytes.subarray(4, 8)) === "ftyp") return "avif";
  return undefined;
}

// JPEG: segments up to the start of the scan, which runs to the end unchanged.
const EXIF_ID = "Exif\0\0";
const XMP_IDS = ["http://ns.adobe.com/xap/1.0/\0", "http://ns.adobe.com/xmp/extension/\0"];

interface JpegSegment {
  marker: number;
  payload: Uint8Array;
  raw: Uint8Array;
}

function jpegSegments(bytes: Uint8Array): { segments: JpegSegment[]; rest: Uint8Array } {
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    // The start of scan: the image itself, to the end.
    if (marker === 0xda) break;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    segments.push({
      marker,
      payload: bytes.subarray(at + 4, at + 2 + length),
      raw: bytes.subarray(at, at + 2 + length),
    });
    at += 2 + length;
  }
  return { segments, rest: bytes.subarray(at) };
}

const isJpegMetadata = ({ marker, payload }: JpegSegment) =>
  (marker === 0xe1 && (startsWith(payload, EXIF_ID) || XMP_IDS.some((id) => startsWith(payload, id)))) ||
  marker === 0xed ||
  marker === 0xfe;

// PNG: chunks of length, type, data and CRC.
const PNG_METADATA = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

function pngChunks(bytes: Uint8Array): { type: string; data: Uint8Array; raw: Uint8Array }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = latin1(bytes.subarray(at + 4, at + 8));
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length), raw: bytes.subarray(at, at + 12 + length) });
    at += 12 + length;
  }
  return chunks;
}

// WebP: RIFF chunks, each padded to an even length; VP8X's flags say which optional chunks there are.
function webpChunks(bytes: Uint8Array): { type: string; data: Uint8Array; raw: Uint8Array }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = view.getUint32(at + 4, true);
    const type = latin1(bytes.subarray(at, at + 4));
    const padded = size + (size % 2);
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + size), raw: bytes.subarray(at, at + 8 + padded) });
    at += 8 + padded;
  }
  return chunks;
}

// AVIF (ISO BMFF): boxes; the EXIF and XMP are items of the top-level meta box, located by its iloc.
interface Box {
  type: string;
  /** Where its content starts and ends, in the file. */
  start: number;
  end: number;
}

function boxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Box[] = [];
  for (let at = from; at + 8 <= to;) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) break;
    found.push({ type: latin1(bytes.subarray(at + 4, at + 8)), start: at + header, end: at + size });
    at += size;
  }
  return found;
}

/** The byte ranges of the meta box's EXIF and XMP items, by what they are. */
function avifMetadataItems(bytes: Uint8Array): { kind: "exif" | "xmp"; ranges: [number, number][] }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = boxes(bytes, 0, bytes.length).find(({ type }) => type === "meta");
  if (!meta) return [];
  // meta is a full box: four bytes of version and flags first.
  const inner = boxes(bytes, meta.start + 4, meta.end);
  const kinds = new Map<number, "exif" | "xmp">();
  const iinf = inner.find(({ type }) => type === "iinf");
  if (iinf) {
    const version = bytes[iinf.start] ?? 0;
    for (const infe of boxes(bytes, iinf.start + 4 + (version === 0 ? 2 : 4), iinf.end)) {
      if (infe.type !== "infe" || (bytes[infe.start] ?? 0) < 2) continue;
      const wide = bytes[infe.start] === 3;
      const id = wide ? view.getUint32(infe.start + 4) : view.getUint16(infe.start + 4);
      const typeAt = infe.start + 4 + (wide ? 4 : 2) + 2;
      const itemType = latin1(bytes.subarray(typeAt, typeAt + 4));
      if (itemType === "Exif") kinds.set(id, "exif");
      if (itemType === "mime" && latin1(bytes.subarray(typeAt + 4, infe.end)).includes("application/rdf+xml"))
        kinds.set(id, "xmp");
    }
  }
  const iloc = inner.find(({ type }) => type === "iloc");
  if (!iloc || kinds.size === 0) return [];
  const version = bytes[iloc.start] ?? 0;
  let at = iloc.start + 4;
  const sizes = ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
  const [offsetSize, lengthSize, baseSize, indexSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15, sizes & 15];
  at += 2;
  const read = (size: number) => {
    const value =
      size === 8
        ? Number(view.getBigUint64(at))
        : size === 4
          ? view.getUint32(at)
          : size === 2
            ? view.getUint16(at)
            : 0;
    at += size;
    return value;
  };
  const count = read(version < 2 ? 2 : 4);
  const items = [];
  for (let item = 0; item < count; item += 1) {
    const id = read(version < 2 ? 2 : 4);
    const construction = version >= 1 ? read(2) & 15 : 0;
    read(2);
    const base = read(baseSize);
    const ranges: [number, number][] = [];
    for (let extents = read(2); extents > 0; extents -= 1) {
      if (version >= 1 && indexSize > 0) read(indexSize);
      const offset = read(offsetSize);
      const length = read(lengthSize);
      ranges.push([base + offset, base + offset + length]);
    }
    const kind = kinds.get(id);
    // Items stored in the file itself (construction method 0); the others hold no bytes of their own here.
    if (kind && construction === 0) items.push({ kind, ranges });
  }
  return items;
}

/** Everything the file's metadata parts hold, by kind. */
function metadataOf(bytes: Uint8Array): Found {
  const found: Found = { exif: [], xmp: [], named: false };
  switch (formatOf(bytes)) {
    case "jpeg":
      for (const { marker, payload } of jpegSegments(bytes).segments) {
        if (marker === 0xe1 && startsWith(payload, EXIF_ID)) found.exif.push(payload.subarray(EXIF_ID.length));
        else if (marker === 0xe1 && XMP_IDS.some((id) => startsWith(payload, id))) found.xmp.push(utf8(payload));
        else if (marker === 0xed) found.named = true;
      }
      break;
    case "png":
      for (const { type, data } of pngChunks(bytes)) {
        if (type === "eXIf") found.exif.push(data);
        else if (type === "iTXt" && startsWith(data, "XML:com.adobe.xmp\0")) found.xmp.push(utf8(data));
        else if (["tEXt", "zTXt", "iTXt"].includes(type)) found.named = true;
      }
      break;
    case "webp":
      for (const { type, data } of webpChunks(bytes)) {
        if (type === "EXIF") found.exif.push(startsWith(data, EXIF_ID) ? data.subarray(EXIF_ID.length) : data);
        if (type === "XMP ") found.xmp.push(utf8(data));
      }
      break;
    case "avif":
      for (const { kind, ranges } of avifMetadataItems(bytes)) {
        const data = concat(ranges.map(([start, end]) => bytes.subarray(start, end)));
        // An Exif item starts with the offset of its TIFF header.
        if (kind === "exif")
          found.exif.push(data.subarray(4 + new DataView(data.buffer, data.byteOffset).getUint32(0)));
        else found.xmp.push(utf8(data));
      }
      break;
    default:
  }
  return found;
}

/** The tags of a TIFF structure's first directory and of the EXIF and GPS directories it points to, by number. */
function exifTags(tiff: Uint8Array): { ifd0: Map<number, number>; exif: Set<number>; gps: Set<number> } {
  const empty = { ifd0: new Map<number, number>(), exif: new Set<number>(), gps: new Set<number>() };
  if (tiff.length < 8) return empty;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = latin1(tiff.subarray(0, 2)) === "II";
  /** A directory's entries: each tag with its value or offset (a SHORT's value in the first two bytes). */
  const directory = (offset: number) => {
    const entries = new Map<number, number>();
    if (offset + 2 > tiff.length) return entries;
    const count = view.getUint16(offset, little);
    for (let index = 0; index < count && offset + 2 + 12 * (index + 1) <= tiff.length; index += 1) {
      const at = offset + 2 + 12 * index;
      const type = view.getUint16(at + 2, little);
      entries.set(
        view.getUint16(at, little),
        type === 3 ? view.getUint16(at + 8, little) : view.getUint32(at + 8, little),
      );
    }
    return entries;
  };
  const ifd0 = directory(view.getUint32(4, little));
  const inner = (tag: number) => new Set(ifd0.has(tag) ? directory(ifd0.get(tag) ?? 0).keys() : []);
  return { ifd0, exif: inner(0x8769), gps: inner(0x8825) };
}

/** What of where, with what and by whom a picture was taken its file tells, or [] when nothing. */
export function privateDetails(bytes: Uint8Array): PrivateDetail[] {
  const { exif, xmp, named } = metadataOf(bytes);
  const details = new Set<PrivateDetail>();
  for (const tiff of exif) {
    const { ifd0, exif: inner, gps } = exifTags(tiff);
    if (gps.size > 0) details.add("location");
    // Make, Model; the body's serial number, the lens's, the owner's name.
    if (ifd0.has(0x010f) || ifd0.has(0x0110) || [0xa431, 0xa435, 0xa430].some((tag) => inner.has(tag)))
      details.add("camera");
    // Artist, Copyright.
    if (ifd0.has(0x013b) || ifd0.has(0x8298)) details.add("author");
  }
  for (const text of xmp) {
    if (/GPS(Latitude|Longitude)/.test(text)) details.add("location");
    if (/tiff:(Make|Model)|SerialNumber|aux:Lens/.test(text)) details.add("camera");
    if (/dc:creator|dc:rights|photoshop:(Credit|AuthorsPosition)|xmpRights/.test(text)) details.add("author");
  }
  if (named) details.add("author");
  return (["location", "camera", "author"] as const).filter((detail) => details.has(detail));
}

/** JPEG's EXIF with one thing only: which way up the picture is shown (EXIF's Orientation, when not upright). */
function orientationOnly(orientation: number): Uint8Array {
  const tiff = new Uint8Array(26);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a], 0);
  view.setUint32(4, 8);
  view.setUint16(8, 1);
  view.setUint16(10, 0x0112);
  view.setUint16(12, 3);
  view.setUint32(14, 1);
  view.setUint16(18, orientation);
  view.setUint32(22, 0);
  const payload = concat([new TextEncoder().encode(EXIF_ID), tiff]);
  return concat([new Uint8Array([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
}

/**
 * The picture without what privateDetails reads and any other text its file carries (EXIF, XMP, IPTC, comments),
 * its image data, colour profile and orientation as they were. A file of another kind is given back as it is.
 */
export function withoutPrivateDetails(bytes: Uint8Array): Uint8Array {
  switch (formatOf(bytes)) {
    case "jpeg": {
      const { segments, rest } = jpegSegments(bytes);
      const orientation = segments
        .filter(({ marker, payload }) => marker === 0xe1 && startsWith(payload, EXIF_ID))
        .map(({ payload }) => exifTags(payload.subarray(EXIF_ID.length)).ifd0.get(0x0112))
        .find((value) => value !== undefined);
      const kept = segments.filter((segment) => !isJpegMetadata(segment)).map(({ raw }) => raw);
      // The orientation right after the file's start, where EXIF stands.
      const turned = orientation && orientation !== 1 ? [orientationOnly(orientation)] : [];
      return concat([bytes.subarray(0, 2), ...turned, ...kept, rest]);
    }
    case "png":
      return concat([
        bytes.subarray(0, 8),
        ...pngChunks(bytes)
          .filter(({ type }) => !PNG_METADATA.has(type))
          .map(({ raw }) => raw),
      ]);
    case "webp": {
      const kept = webpChunks(bytes)
        .filter(({ type }) => type !== "EXIF" && type !== "XMP ")
        .map(({ type, raw }) => {
          if (type !== "VP8X") return raw;
          const copy = raw.slice();
          // The flags say there is no EXIF and no XMP any more.
          copy[8] = (copy[8] ?? 0) & ~0x0c;
          return copy;
        });
      const body = concat(kept);
      const head = new Uint8Array(12);
      head.set(bytes.subarray(0, 12));
      new DataView(head.buffer).setUint32(4, body.length + 4, true);
      return concat([head, body]);
    }
    case "avif": {
      const copy = bytes.slice();
      for (const { ranges } of avifMetadataItems(bytes)) for (const [start, end] of ranges) copy.fill(0, start, end);
      return copy;
    }
    default:
      return bytes;
  }
}
