import * as React from "react";
import { Link } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { useHeaderBlockSize } from "../hooks/use-header-block-size";
import { useLanguage } from "../hooks/use-language";
import { localizedPath, parsePath, type LanguageCode } from "../../contract/src/languages";
import { MENU_BUTTON_ATTRIBUTE, MENU_OPEN_ATTRIBUTE } from "../lib/early-controls";
import { Icon } from "./icon";
import { Picture } from "./picture";
import type { PageLocation } from "../types/page-location";
import * as styles from "./nav-bar.module.css";

interface NavBarProps {
  companyName: string;
  /** The company's logo (data/site.yaml), in the mark's box; without one the mark is the network icon. */
  logo?: IGatsbyImageData;
  menuLabel: string;
  /** Each other language, named in its own words, for the link to this page in it. */
  otherLanguages: readonly { readonly code: LanguageCode; readonly label: string }[];
  links: readonly { readonly label: string; readonly path: string }[];
  location: PageLocation;
  /** On a not-found page the same address in another language is unknown too: the links lead home. */
  notFound?: boolean;
}

const MENU_ID = "site-menu";

/**
 * Whether the menu is open as React finds it: the page's early script (plugins/site-finish/scripts) opens and closes it
 * from the first paint, before React has come, and React goes on from there.
 */
function openedBeforeReact(): boolean {
  return (
    typeof document !== "undefined" && document.getElementById(MENU_ID)?.hasAttribute(MENU_OPEN_ATTRIBUTE) === true
  );
}

/**
 * The top bar: the company name linking home, a link to this page in each
 * other language, and the page links, behind a menu button below desktop width.
 * The button works before React has come: its state is in the markup (its
 * aria-expanded, the list's data-open), which the page's early script changes
 * and React reads when it takes over; both icons are drawn, the style showing
 * the one that fits.
 */
export function NavBar({
  companyName,
  logo,
  menuLabel,
  otherLanguages,
  links,
  location,
  notFound = false,
}: NavBarProps) {
  const language = useLanguage();
  // Tied to the page it was opened on, so navigating elsewhere closes it.
  const [menuOpenOn, setMenuOpenOn] = React.useState<string | null>(() =>
    openedBeforeReact() ? location.pathname : null,
  );
  const menuButton = React.useRef<HTMLButtonElement>(null);
  const nav = React.useRef<HTMLElement>(null);
  const header = React.useRef<HTMLElement>(null);
  useHeaderBlockSize(header);

  const menuOpen = menuOpenOn === location.pathname;
  const closeMenu = () => setMenuOpenOn(null);

  React.useEffect(() => {
    if (!menuOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpenOn(null);
        menuButton.current?.focus();
      }
    };
    // A tap or click anywhere outside the menu and its button closes it, as on any phone menu.
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setMenuOpenOn(null);
    };
    // While it is open, the keyboard goes round the menu (its button and links), never to what it covers.
    const keepFocusInside = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || !nav.current) return;
      const stops = [...nav.current.querySelectorAll<HTMLElement>("button, a[href]")];
      const [first, last] = [stops[0], stops.at(-1)];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", closeOnEscape);
    document.addEventListener("keydown", keepFocusInside);
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("keydown", keepFocusInside);
      document.removeEventListener("pointerdown", closeOnOutsidePress);
    };
  }, [menuOpen]);

  return (
    <header ref={header} className={styles.header}>
      <div className={styles.bar}>
        <Link to={language.path("/")} className={styles.brand}>
          {logo ? (
            // The name beside it says whose it is: the picture itself says nothing more.
            <Picture image={logo} alt="" className={styles.logo} sizes="2.25rem" placeholder={false} />
          ) : (
            <span className={styles.mark}>
              <Icon name="network" />
            </span>
          )}
          {companyName}
        </Link>
        <div className={styles.end}>
          {otherLanguages.map((other) => (
            <Link
              key={other.code}
              to={localizedPath(notFound ? "/" : parsePath(location.pathname).route, other.code)}
              className={styles.language}
              lang={other.code}
              hrefLang={other.code}
            >
              {other.label}
            </Link>
          ))}
          <nav ref={nav} className={styles.nav} aria-label={menuLabel}>
            <button
              ref={menuButton}
              type="button"
              className={styles.menuButton}
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              {...{ [MENU_BUTTON_ATTRIBUTE]: "" }}
              onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
            >
              <Icon name="menu" className={styles.menuIcon} />
              <Icon name="close" className={styles.closeIcon} />
              <span className="visually-hidden">{menuLabel}</span>
            </button>
            <ul id={MENU_ID} className={styles.links} {...(menuOpen && { [MENU_OPEN_ATTRIBUTE]: "" })}>
              {links.map((link) => (
                <li key={link.path}>
                  <Link to={language.path(link.path)} className={styles.link} onClick={closeMenu}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
