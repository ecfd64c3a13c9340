import * as React from "react";
import { graphql } from "gatsby";
import { evenLines } from "../lib/even-lines";
import { pictureSizes } from "../styles/media";
import { EvenLines } from "./even-lines";
import { Picture } from "./picture";
import * as styles from "./image-row.module.css";

/** At most eight to a line on desktops, four on tablets and large phones, two on small phones. */
const MOST = { base: 2, sm: 4, lg: 8 };

interface ImageRowProps {
  content: Queries.ImageRowFragment;
}

/** The row of pictures shown near the bottom of the pages. */
export function ImageRow({ content }: ImageRowProps) {
  const count = content.images.length;
  // Each picture takes its line's share of the width: what the browser should fetch for it.
  const perLine = evenLines(count, MOST);
  const sizes = pictureSizes(
    [
      ["--lg", `${100 / perLine.lg}vw`],
      ["--sm", `${100 / perLine.sm}vw`],
    ],
    `${100 / perLine.base}vw`,
  );
  return (
    <EvenLines count={count} most={MOST} gap="space-2" className={styles.row}>
      {content.images.map(({ image, alt }, index) => (
        <li key={index}>
          {image.childImageSharp && (
            <Picture image={image.childImageSharp.gatsbyImageData} alt={alt} className={styles.picture} sizes={sizes} />
          )}
        </li>
      ))}
    </EvenLines>
  );
}

export const imageRowFragment = graphql`
  fragment ImageRow on ImageRowYaml {
    images {
      alt
      image {
        childImageSharp {
          gatsbyImageData(width: 400, aspectRatio: 1.333, breakpoints: [200, 300, 400])
        }
      }
    }
  }
`;
