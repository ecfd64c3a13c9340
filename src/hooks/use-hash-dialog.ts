import * as React from "react";
import type { PageLocation } from "../types/page-location";

/**
 * A dialog that opens whenever the address comes to end in `hash`: on arrival,
 * on a link within the site (a new location), and on the hash typed or
 * clicked on the same page (hashchange). Closing it drops the hash, so a
 * reload does not reopen it and the same hash can open it again.
 *
 * It is read from the address only once the page has hydrated: the
 * server-rendered HTML never has the dialog open. `read` says the address has
 * been read (false in that HTML and in the render that hydrates it). `loaded`
 * stays true once it has opened, so the dialog's code is fetched on first use
 * only.
 */
export function useHashDialog(hash: string, location: PageLocation) {
  const [open, setOpen] = React.useState(false);
  const [loaded, setLoaded] = React.useState(false);
  const [read, setRead] = React.useState(false);

  React.useEffect(() => {
    const readAddress = () => {
      setRead(true);
      if (window.location.hash !== hash) return;
      setLoaded(true);
      setOpen(true);
    };
    readAddress();
    window.addEventListener("hashchange", readAddress);
    return () => window.removeEventListener("hashchange", readAddress);
  }, [hash, location.pathname, location.hash]);

  const close = React.useCallback(() => {
    setOpen(false);
    if (window.location.hash === hash) {
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    }
  }, [hash]);

  return { read, open, loaded, close };
}
