import * as React from "react";
import { graphql, useStaticQuery } from "gatsby";
import { required } from "../lib/required";
import { Picture } from "./picture";
import * as styles from "./image-row.module.css";

/** The row of pictures shown near the bottom of every page. */
export function ImageRow() {
  const data = useStaticQuery<Queries.ImageRowQuery>(graphql`
    query ImageRow {
      imageRowYaml {
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
    }
  `);
  const { images } = required(data.imageRowYaml, "data/image-row.yaml");
  return (
    <ul className={styles.row}>
      {images.map(({ image, alt }, index) => (
        <li key={index}>
          {image.childImageSharp && (
            <Picture image={image.childImageSharp.gatsbyImageData} alt={alt} className={styles.picture} />
          )}
        </li>
      ))}
    </ul>
  );
}
