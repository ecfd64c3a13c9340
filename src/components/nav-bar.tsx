import * as React from "react";
import { Link } from "gatsby";
import { useLanguage } from "../hooks/use-language";
import { languages, localizedPath, parsePath } from "../lib/languages";
import { namedMedia } from "../styles/media";
import { Icon } from "./icon";
import { NoScriptStyle } from "./no-script-style";
import type { PageLocation } from "./layout";
import * as styles from "./nav-bar.module.css";

interface NavBarProps {
  companyName: string;
  menuLabel: string;
  /** The link to this page in the other language, in that language's words. */
  languageLinkLabel: string;
  links: readonly { readonly label: string; readonly path: string }[];
  location: PageLocation;
  /** On a not-found page the same address in the other language is unknown too: the link leads home. */
  notFound?: boolean;
}

const MENU_ID = "site-menu";

// Loaded the first time the popup opens: most visits never open it.
const AvailabilityPopup = React.lazy(() => import("./availability-popup"));

/** Any page address ending in this hash opens the availability popup, so marketing can link to it from anywhere. */
export const AVAILABILITY_HASH = "#check-availability";

/**
 * The top bar: the company name linking home and the page links, behind a menu
 * button on small screens. It also holds the open state of the availability popup.
 */
export function NavBar({ companyName, menuLabel, languageLinkLabel, links, location, notFound = false }: NavBarProps) {
  const language = useLanguage();
  const other = languages.find(({ code }) => code !== language.code) ?? language;
  // Tied to the page it was opened on, so navigating elsewhere closes it.
  const [menuOpenOn, setMenuOpenOn] = React.useState<string | null>(null);
  // Read from the address only once the page has hydrated: the server-rendered HTML never has the popup open.
  const [popupOpen, setPopupOpen] = React.useState(false);
  const [popupLoaded, setPopupLoaded] = React.useState(false);
  const menuButton = React.useRef<HTMLButtonElement>(null);

  const menuOpen = menuOpenOn === location.pathname;
  const closeMenu = () => setMenuOpenOn(null);

  // Opens the popup whenever the address comes to end in the hash: on arrival, on a link within
  // the site (a new location), and on a hash typed or clicked on the same page (hashchange).
  React.useEffect(() => {
    const openOnHash = () => {
      if (window.location.hash !== AVAILABILITY_HASH) return;
      setPopupLoaded(true);
      setPopupOpen(true);
    };
    openOnHash();
    window.addEventListener("hashchange", openOnHash);
    return () => window.removeEventListener("hashchange", openOnHash);
  }, [location.pathname, location.hash]);

  const closePopup = React.useCallback(() => {
    setPopupOpen(false);
    // Drop the hash, so a reload does not reopen the popup and the same hash can open it again.
    if (window.location.hash === AVAILABILITY_HASH) {
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    }
  }, []);

  React.useEffect(() => {
    if (!menuOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpenOn(null);
        menuButton.current?.focus();
      }
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      {/* Without JavaScript the menu button can do nothing: the links show under the bar instead. */}
      <NoScriptStyle
        css={`
          @media ${namedMedia["--below-md"]} {
            .${styles.menuButton} {
              display: none;
            }
            .${styles.links} {
              display: block;
              position: static;
              box-shadow: none;
            }
          }
        `}
      />
      <div className={styles.bar}>
        <Link to={language.path("/")} className={styles.brand}>
          <span className={styles.mark}>
            <Icon name="network" />
          </span>
          {companyName}
        </Link>
        <div className={styles.end}>
          <Link
            to={localizedPath(notFound ? "/" : parsePath(location.pathname).route, other.code)}
            className={styles.language}
            lang={other.code}
            hrefLang={other.code}
          >
            {languageLinkLabel}
          </Link>
          <nav aria-label={menuLabel}>
            <button
              ref={menuButton}
              type="button"
              className={styles.menuButton}
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
            >
              <Icon name={menuOpen ? "close" : "menu"} />
              <span className="visually-hidden">{menuLabel}</span>
            </button>
            <ul id={MENU_ID} className={menuOpen ? `${styles.links} ${styles.open}` : styles.links}>
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
      {popupLoaded && (
        <React.Suspense>
          <AvailabilityPopup open={popupOpen} onClose={closePopup} />
        </React.Suspense>
      )}
    </header>
  );
}
