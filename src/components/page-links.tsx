import * as React from "react";
import { Link } from "gatsby";
import { useLanguage } from "../hooks/use-language";
import * as styles from "./page-links.module.css";

interface PageLinksProps {
  /** The navigation's links, in order, as the top bar shows them. */
  links: readonly { readonly label: string; readonly path: string }[];
  /** The home page's link says more than its menu label: where it leads a visitor who is lost. */
  homeLabel: string;
}

/** Every page of the site as a row of links, in the page's language: the way on from a page that does not exist. */
export function PageLinks({ links, homeLabel }: PageLinksProps) {
  const language = useLanguage();
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.path}>
          <Link to={language.path(link.path)} className={link.path === "/" ? styles.home : undefined}>
            {link.path === "/" ? homeLabel : link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
