/**
 * A picture as a phone or a camera leaves it: EXIF with the GPS position,
 * camera, serial number and artist, XMP and IPTC naming its author, and a
 * wide-gamut colour profile (Display P3). The second content set uses one
 * without its position (which the content check refuses in the repository) as
 * its sharing picture and a slide's, so the tests can see that none of the
 * rest reaches the public while the colours do; the editors' and the content
 * check's tests take it whole.
 */
import sharp from "sharp";

/** Marks the tests look for in the published files: none may be there. */
export const PRIVATE_MARKS = ["Jane Private", "Private Phone 15", "SN-PRIVATE-123456"];

/** A JPEG segment: marker, then its length (which counts itself) and the payload. */
function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

function xmpSegment(): Buffer {
  const xml =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane Private</dc:creator></rdf:Description>' +
    "</rdf:RDF></x:xmpmeta>";
  return segment(0xe1, Buffer.concat([Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1"), Buffer.from(xml)]));
}

function iptcSegment(): Buffer {
  const author = Buffer.from("Jane Private");
  // IPTC record 2, dataset 80 (By-line).
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, 0x00, author.length]), author]);
  const data = record.length % 2 ? Buffer.concat([record, Buffer.from([0])]) : record;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(record.length);
  const resource = Buffer.concat([Buffer.from("8BIM"), Buffer.from([0x04, 0x04, 0x00, 0x00]), size, data]);
  return segment(0xed, Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), resource]));
}

/** The picture at `source`, as a JPEG carrying all of the above (its GPS position unless `location` is false). */
export async function withPrivateMetadata(source: string, { location = true } = {}): Promise<Buffer> {
  const jpeg = await sharp(source)
    .withIccProfile("p3")
    .withExif({
      IFD0: { Artist: "Jane Private", Make: "Camera Maker", Model: "Private Phone 15", Copyright: "Jane Private" },
      IFD2: { BodySerialNumber: "SN-PRIVATE-123456" },
      ...(location && {
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "25/1 1972/100 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "55/1 2744/100 0/1",
        },
      }),
    })
    .jpeg({ quality: 90 })
    .toBuffer();
  // sharp writes EXIF and the profile; XMP and IPTC go in as their own segments, after the start of the image.
  return Buffer.concat([jpeg.subarray(0, 2), xmpSegment(), iptcSegment(), jpeg.subarray(2)]);
}
