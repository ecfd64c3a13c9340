import sharp from "sharp";
const [src, dst, top, height, scale] = process.argv.slice(2);
(async () => {
  const m = await sharp(src).metadata();
  const h = Math.min(Number(height), (m.height ?? 0) - Number(top));
  let img = sharp(src).extract({ left: 0, top: Number(top), width: m.width ?? 0, height: h });
  if (scale) img = sharp(await img.toBuffer()).resize(Math.round((m.width ?? 0) * Number(scale)));
  await img.toFile(dst);
  console.log(m.width, m.height);
})();
