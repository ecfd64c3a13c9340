import path from "node:path";
import sharp from "sharp";
import { languages } from "../../contract/src/languages";
import { contents, dataDir } from "../support/content";
import { PRIVATE_MARKS } from "../support/private-picture";
import { expect, openPage, test } from "./support/fixtures";

/**
 * What a picture's file says beyond its pixels (GPS position, camera, serial
 * number, author, in EXIF, XMP or IPTC) must stay on the editor's computer:
 * every picture the site publishes is made anew by the image pipeline, the
 * sharing picture included, and keeps its colours.
 */
for (const language of languages) {
  // The pictures are the same files in every language: the first every day, the others in the full suite.
  test(
    `${language.name}: no published picture carries camera or author data, and the sharing picture keeps its colours`,
    {
      tag: "@full",
    },
    async ({ page, request }) => {
      await openPage(page, language.code === "en" ? "/" : `/${language.code}/`);
      const addresses = await page.evaluate(() => {
        const fromSrcset = (srcset: string) =>
          srcset.split(",").map((candidate) => candidate.trim().split(/\s+/)[0] ?? "");
        return {
          shown: [
            ...[...document.querySelectorAll("img")].flatMap((img) => [
              img.currentSrc || img.src,
              ...fromSrcset(img.srcset),
            ]),
            ...[...document.querySelectorAll("source")].flatMap((source) => fromSrcset(source.srcset)),
          ].filter(Boolean),
          sharing: document.querySelector('meta[property="og:image"]')?.getAttribute("content") ?? "",
        };
      });
      // The sharing picture's address is the public site's; the same path is asked of the test site. It may also be
      // one of a slide's sizes, when the slide shows the same picture.
      const pathOf = (address: string) => new URL(address, page.url()).pathname;
      const sharingPath = pathOf(addresses.sharing);
      const paths = [...new Set([...addresses.shown.map(pathOf), sharingPath])];
      expect(paths.length).toBeGreaterThan(3);

      for (const picturePath of paths) {
        const response = await request.get(picturePath);
        expect(response.status(), picturePath).toBe(200);
        const body = await response.body();
        const metadata = await sharp(body).metadata();
        expect({ path: picturePath, exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc }).toEqual({
          path: picturePath,
          exif: undefined,
          xmp: undefined,
          iptc: undefined,
        });
        for (const mark of PRIVATE_MARKS) expect(body.includes(mark), `${mark} in ${picturePath}`).toBe(false);
      }

      // The published sharing picture shows the colours of the picture the editor chose, whatever its profile.
      const sharing = await (await request.get(sharingPath)).body();
      const published = await sharp(sharing).metadata();
      const source = path.join(dataDir, contents.en.siteYaml.socialImage);
      // Pixels as a browser shows them: stats() alone would read the source's numbers without its colour profile,
      // so each picture is first rendered to sRGB.
      const mean = async (input: Buffer | string) => {
        const shown = await sharp(input)
          .resize(published.width, published.height, { fit: "cover" })
          .toColourspace("srgb")
          .png()
          .toBuffer();
        return (await sharp(shown).stats()).channels.slice(0, 3).map((channel) => channel.mean);
      };
      const [publishedColours, sourceColours] = await Promise.all([mean(sharing), mean(source)]);
      publishedColours.forEach((value, channel) =>
        expect(Math.abs(value - (sourceColours[channel] ?? 0))).toBeLessThan(6),
      );
    },
  );
}
