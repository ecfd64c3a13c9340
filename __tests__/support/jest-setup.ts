import "@testing-library/jest-dom";

// jsdom lays nothing out, so it has no scrolling to do (and no scrollIntoView): the browser tests check what comes
// into view.
const element = globalThis.Element?.prototype as { scrollIntoView?: () => void } | undefined;
if (element && !element.scrollIntoView) element.scrollIntoView = () => undefined;
