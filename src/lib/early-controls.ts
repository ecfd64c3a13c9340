/**
 * What the page's own first script (plugins/site-finish/scripts) and the React
 * components agree on, so that the menu and the enquiry form work from the
 * page's first paint, before React has come (or if it never does), and React
 * takes each over as it stands: the attributes each side sets and reads.
 */

/**
 * Performance marks of the moments the controls start to work: the early handlers' (before the first paint, by
 * construction), and React's taking over. npm run bench:home reports them against the first paint.
 */
export const CONTROLS_MARK = "site-controls";
export const REACT_MARK = "site-react";

/** On <html>, set as React starts to take over the page (gatsby-browser.tsx): the early handlers stand down. */
export const REACT_ATTRIBUTE = "data-react";
/** On <html>, set when one of the page's scripts failed to load: React will not come. */
export const SCRIPTS_FAILED_ATTRIBUTE = "data-scripts-failed";

/** On the menu button: its aria-expanded is the menu's state; the list it controls has data-open while open. */
export const MENU_BUTTON_ATTRIBUTE = "data-early-menu";
export const MENU_OPEN_ATTRIBUTE = "data-open";

/**
 * On an enquiry form: a Send before React is held (data-held) and the form shows it is sending (data-sending),
 * its button's word for sending shown in place of its word for sending off (the spans marked data-label, one of
 * them hidden).
 */
export const HELD_FORM_ATTRIBUTE = "data-early-send";
export const HELD_ATTRIBUTE = "data-held";
export const SENDING_ATTRIBUTE = "data-sending";
export const BUTTON_LABEL_ATTRIBUTE = "data-label";
/**
 * On a held form whose scripts have not come after HELD_SECONDS, or failed: it says so (data-stalled), and its
 * note with the other ways to reach the company (marked data-stalled-note) is no longer hidden.
 */
export const STALLED_ATTRIBUTE = "data-stalled";
export const STALLED_NOTE_ATTRIBUTE = "data-stalled-note";
export const HELD_SECONDS = 8;
/**
 * On an enquiry form: when the visitor first focused, tapped or typed in it (performance.now(), in whole
 * milliseconds), set by the early script whether React has come or not, so that what was typed before React counts
 * too. The mail service weighs how soon after it Send came (src/lib/enquiry-check.ts).
 */
export const BEGAN_ATTRIBUTE = "data-began";
