import * as React from "react";
import { useHashDialog } from "../hooks/use-hash-dialog";
import { AVAILABILITY_HASH } from "../lib/availability";
import type { PageLocation } from "../types/page-location";

// Loaded the first time the popup opens: most visits never open it.
const AvailabilityPopup = React.lazy(() => import("./availability-popup"));

/**
 * Where the availability popup lives on every page: it opens when the address
 * ends in its hash (the specification shows no other way to open it), and
 * stays loaded once opened, so a sent enquiry's result survives closing.
 */
export function CheckAvailability({ location }: { location: PageLocation }) {
  const popup = useHashDialog(AVAILABILITY_HASH, location);
  // Until the address has been read, the page may yet be asked for the popup: marked pending from the server's
  // HTML on, so that a test or the audit cannot act in the moment between hydration and the popup's first render.
  if (!popup.read) return <span data-pending="" hidden />;
  if (!popup.loaded) return null;
  return (
    // Until its code has come, the page is not yet what its address asked for (scripts/site-ready.ts).
    <React.Suspense fallback={<span data-pending="" hidden />}>
      <AvailabilityPopup open={popup.open} onClose={popup.close} />
    </React.Suspense>
  );
}
