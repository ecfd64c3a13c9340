import * as React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";

interface PictureProps {
  /** Sizes and formats prepared at build time by gatsby-plugin-image (gatsbyImageData in a query). */
  image: IGatsbyImageData;
  alt: string;
  className?: string;
  /** For the first picture a visitor sees: fetched at once and first, instead of when scrolled near. */
  priority?: boolean;
  /** The width the picture takes in the layout at each breakpoint (see pictureSizes in src/styles/media.ts). */
  sizes: string;
  /** Its dominant colour until it is painted; off where another copy of it shows beneath until then. */
  placeholder?: boolean;
}

/**
 * A picture prepared by gatsby-plugin-image, rendered as plain <picture>
 * markup: a WebP source, a JPEG or PNG fallback, width and height
 * reserved, native lazy loading and the picture's dominant colour as
 * placeholder. GatsbyImage would add a script per picture and a 21 KB
 * hydration chunk to every page; plain markup needs no JavaScript at all.
 */
export function Picture({ image, alt, className, priority = false, sizes, placeholder = true }: PictureProps) {
  const { images, width, height, backgroundColor } = image;
  return (
    <picture className={className} style={placeholder && backgroundColor ? { backgroundColor } : undefined}>
      {images.sources?.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={images.fallback?.src}
        srcSet={images.fallback?.srcSet}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        // The first picture is painted with the page, in its first frame; any other may be decoded aside.
        decoding={priority ? undefined : "async"}
        loading={priority ? "eager" : "lazy"}
        // Chrome starts every picture at low priority until layout shows it on screen; the first one need not wait.
        // Lower case: React 18 does not know the attribute and passes it on only spelt as HTML spells it.
        {...(priority ? { fetchpriority: "high" } : {})}
      />
    </picture>
  );
}
