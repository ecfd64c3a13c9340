import * as React from "react";
import { graphql } from "gatsby";
import { pictureSizes } from "../styles/media";
import { Picture } from "./picture";
import * as styles from "./image-row.module.css";

/** Eight to a row on desktops, four on tablets and large phones, two on small phones (image-row.module.css). */
const sizes = pictureSizes(
  [
    ["--lg", "12.5vw"],
    ["--sm", "25vw"],
  ],
  "50vw",
);

interface ImageRowProps {
  content: Queries.ImageRowFragment;
}

/** The row of pictures shown near the bottom of the pages. */
export function ImageRow({ content }: ImageRowProps) {
  return (
    <ul className={styles.row}>
      {content.images.map(({ image, alt }, index) => (
        <li key={index}>
          {image.childImageSharp && (
            <Picture image={image.childImageSharp.gatsbyImageData} alt={alt} className={styles.picture} sizes={sizes} />
          )}
        </li>
      ))}
    </ul>
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
