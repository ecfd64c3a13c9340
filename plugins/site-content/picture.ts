import sharp from "sharp";
import { pictureLimits } from "./model";

/**
 * Why a file is not a picture the site can use, in an editor's words (`shown`
 * is how the editor knows it, already quoted), or null. It is read as the
 * build's image pipeline (sharp) reads it, by its content whatever its name
 * says, and only its header: one of the formats the site publishes, within
 * the size limits, so that the build never works on a file that only has a
 * picture's name, or on a picture too large to resize.
 */
export async function pictureProblem(input: string | Buffer, shown: string): Promise<string | null> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return `${shown} is not a picture, whatever its name says: the file holds no JPEG, PNG, WebP or AVIF picture. Save the picture again as one of those.`;
  }
  const { width = 0, height = 0, format, compression } = metadata;
  const kind = format === "heif" ? (compression === "av1" ? "avif" : "heic") : format;
  if (!kind || !pictureLimits.formats.includes(kind)) {
    const what = kind === "svg" ? "an SVG drawing" : `a ${String(kind).toUpperCase()} file`;
    return `${shown} is ${what}, not a JPEG, PNG, WebP or AVIF picture, whatever its name says. Save it as one of those.`;
  }
  if (width > pictureLimits.side || height > pictureLimits.side || width * height > pictureLimits.pixels) {
    return `${shown} is ${width} × ${height} pixels; the site takes pictures of at most ${pictureLimits.side} pixels a side and ${pictureLimits.pixels / 1_000_000} megapixels. Make it smaller.`;
  }
  return null;
}
