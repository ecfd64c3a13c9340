import * as React from "react";
import { Picture } from "./picture";
import * as styles from "./slideshow.module.css";

interface SlideFrameProps {
  slide: Queries.SlideshowFragment["slides"][number] | undefined;
  /** The slide shown first: its picture is fetched at once and first (the page's largest paint), not when near. */
  first: boolean;
}

/** One slide's picture, darkened under the headline from tablets up (see slideshow.module.css). */
export function SlideFrame({ slide, first }: SlideFrameProps) {
  const image = slide?.image.childImageSharp?.gatsbyImageData;
  return (
    <div className={styles.slide}>
      {image && <Picture image={image} alt="" className={styles.picture} priority={first} sizes="100vw" />}
    </div>
  );
}
