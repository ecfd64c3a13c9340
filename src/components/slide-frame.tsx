import * as React from "react";
import { pictureSizes } from "../styles/media";
import { Picture } from "./picture";
import * as styles from "./slideshow.module.css";

interface SlideFrameProps {
  slide: Queries.SlideshowFragment["slides"][number] | undefined;
  /** The slide shown first: its picture is fetched at once and first (the page's largest paint), not when near. */
  first: boolean;
  /**
   * Laid over the server's copy of the same slide (the carousel's first slide): see-through until its own picture
   * is painted, which can come a frame or more after the picture has been decoded.
   */
  overCopy?: boolean;
}

/**
 * From tablets up the picture fills the 32rem-high slide beside the text, cut to its box: drawn at its own shape,
 * 32rem high, it is about 73rem wide whatever the screen (the slides' pictures are 16:7). On phones, the width.
 */
const SIZES = pictureSizes([["--md", "74rem"]], "100vw");

/** One slide's picture, beside the text from tablets up (see slideshow.module.css). */
export function SlideFrame({ slide, first, overCopy = false }: SlideFrameProps) {
  const image = slide?.image.childImageSharp?.gatsbyImageData;
  return (
    <div className={overCopy ? `${styles.slide} ${styles.overCopy}` : styles.slide}>
      {image && <Picture image={image} alt="" className={styles.picture} priority={first} sizes={SIZES} />}
    </div>
  );
}
