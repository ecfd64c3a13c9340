/** @jest-environment node */
import path from "node:path";
import sharp from "sharp";
import { privateDetails, withoutPrivateDetails } from "../../plugins/site-content/picture-metadata";
import { withPrivateMetadata } from "../support/private-picture";

/**
 * A picture as a phone leaves it, in each format the site takes: what its file tells beyond its pixels is named,
 * and taken out without touching the picture itself (its decoded pixels the same, its colour profile and the
 * way it is shown upright kept). The pictures are drawn here by sharp, the build's own image library.
 */
const source = path.resolve(__dirname, "../fixtures/example-pictures/social-card.jpg");
const exif = {
  IFD0: { Artist: "Jane Private", Make: "Camera Maker", Model: "Private Phone 15" },
  IFD2: { BodySerialNumber: "SN-PRIVATE-123456" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "25/1 1972/100 0/1",
    GPSLongitudeRef: "E",
    GPSLongitude: "55/1 2744/100 0/1",
  },
};

async function picture(format: "png" | "webp" | "avif"): Promise<Buffer> {
  return sharp(source).resize(64).withIccProfile("p3").withExif(exif).toFormat(format).toBuffer();
}

/** The picture as a viewer shows it: its decoded pixels, and its colour profile. */
async function shown(bytes: Uint8Array) {
  const image = sharp(Buffer.from(bytes));
  const [{ icc }, pixels] = await Promise.all([image.metadata(), image.clone().raw().toBuffer()]);
  return { pixels, icc: icc?.length };
}

const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

test("a camera's JPEG tells where, with what and by whom it was taken (EXIF, XMP, IPTC); stripped, it tells nothing", async () => {
  const original = bytes(await withPrivateMetadata(source));
  expect(privateDetails(original)).toEqual(["location", "camera", "author"]);
  const stripped = withoutPrivateDetails(original);
  expect(privateDetails(stripped)).toEqual([]);
  expect(Buffer.from(stripped).toString("latin1")).not.toMatch(/Jane Private|Private Phone 15|SN-PRIVATE/);
  expect(await shown(stripped)).toEqual(await shown(original));
  // Nothing but the metadata went: the scan's bytes are all there.
  expect(original.length - stripped.length).toBeLessThan(2_000);
});

test.each(["png", "webp", "avif"] as const)(
  "%s with EXIF is named and stripped, its pixels and profile as they were",
  async (format) => {
    const original = bytes(await picture(format));
    expect(privateDetails(original)).toEqual(expect.arrayContaining(["location", "camera"]));
    const stripped = withoutPrivateDetails(original);
    expect(privateDetails(stripped)).toEqual([]);
    expect(Buffer.from(stripped).toString("latin1")).not.toMatch(/Jane Private|Private Phone 15|SN-PRIVATE/);
    expect(await shown(stripped)).toEqual(await shown(original));
  },
);

test("a photo taken on its side stays upright once its camera's data is gone", async () => {
  const sideways = bytes(
    await sharp(source).resize(64, 32).withMetadata({ orientation: 6 }).withExif(exif).jpeg().toBuffer(),
  );
  const stripped = withoutPrivateDetails(sideways);
  expect(privateDetails(stripped)).toEqual([]);
  expect((await sharp(Buffer.from(stripped)).metadata()).orientation).toBe(6);
});

test("a picture with nothing of the kind is named so, and kept byte for byte", async () => {
  const plain = bytes(await sharp(source).resize(64).png().toBuffer());
  expect(privateDetails(plain)).toEqual([]);
  expect(Buffer.from(withoutPrivateDetails(plain)).equals(Buffer.from(plain))).toBe(true);
});
