import * as React from "react";
import { Link } from "gatsby";
import { AvailabilityPopup } from "./availability-popup";
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

/** Any page address ending in this hash opens the availability popup, so marketing can link to it from anywhere. */
export const AVAILABILITY_HASH = "#check-availability";

/**
 * The top bar: the company name linking home and the page links, behind a menu
 * button on small screens. It also holds the open state of the availability popup.
 */
export function NavBar({ companyName, menuLabel, links, location }: NavBarProps) {
  const [menuOpen, setMenuOpen] = React.useState(false);
  const [popupOpen, setPopupOpen] = React.useState(false);
  const menuButton = React.useRef<HTMLButtonElement>(null);

  React.useEffect(() => {
    if (location.hash === AVAILABILITY_HASH) setPopupOpen(true);
  }, [location.hash, location.key]);

  const closePopup = React.useCallback(() => {
    setPopupOpen(false);
    // Drop the hash, so a reload does not reopen the popup and the same link opens it again.
    if (window.location.hash === AVAILABILITY_HASH) {
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    }
  }, []);

  React.useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  React.useEffect(() => {
    if (!menuOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
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
        <nav className={styles.nav}>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? "close" : "menu"} />
            <span className="visually-hidden">{menuLabel}</span>
          </button>
          <ul id={MENU_ID} className={menuOpen ? `${styles.links} ${styles.open}` : styles.links}>
            {links.map((link) => (
              <li key={link.path}>
                <Link to={link.path} className={styles.link} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <AvailabilityPopup open={popupOpen} onClose={closePopup} />
    </header>
  );
}
