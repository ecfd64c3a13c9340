import * as React from "react";
import { Link } from "gatsby";
import { Icon } from "./icon";
import type { PageLocation } from "./layout";
import * as styles from "./nav-bar.module.css";

interface NavBarProps {
  companyName: string;
  menuLabel: string;
  links: readonly { readonly label: string; readonly path: string }[];
  location: PageLocation;
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
export function NavBar({ companyName, menuLabel, links, location }: NavBarProps) {
  // Both are tied to the location they were opened on, so navigating elsewhere closes them.
  const [menuOpenOn, setMenuOpenOn] = React.useState<string | null>(null);
  const [popupClosedOn, setPopupClosedOn] = React.useState<string | null>(null);
  const menuButton = React.useRef<HTMLButtonElement>(null);

  const menuOpen = menuOpenOn === location.pathname;
  const here = `${location.key ?? ""}${location.hash}`;
  const popupOpen = location.hash === AVAILABILITY_HASH && popupClosedOn !== here;

  const closeMenu = () => setMenuOpenOn(null);

  const closePopup = React.useCallback(() => {
    setPopupClosedOn(here);
    // Drop the hash, so a reload does not reopen the popup.
    if (window.location.hash === AVAILABILITY_HASH) {
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    }
  }, [here]);

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
      <div className={styles.bar}>
        <Link to="/" className={styles.brand}>
          <span className={styles.mark}>
            <Icon name="network" />
          </span>
          {companyName}
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
                <Link to={link.path} className={styles.link} onClick={closeMenu}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {(popupOpen || popupClosedOn !== null) && (
        <React.Suspense>
          <AvailabilityPopup open={popupOpen} onClose={closePopup} />
        </React.Suspense>
      )}
    </header>
  );
}
