import * as React from "react";
import { graphql } from "gatsby";
import { Picture } from "./picture";
import * as styles from "./image-row.module.css";

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
            <Picture image={image.childImageSharp.gatsbyImageData} alt={alt} className={styles.picture} />
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
          gatsbyImageData(
            width: 400
            aspectRatio: 1.333
            breakpoints: [200, 300, 400]
            sizes: "(min-width: 64rem) 12.5vw, (min-width: 40rem) 25vw, 50vw"
          )
        }
      }
    }
  }
`;
