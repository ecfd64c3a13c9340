/**
 * The site's icons, drawn on a 24 × 24 grid as stroked outlines.
 *
 * Content icons are the ones editors pick by key (a service's or a why-us
 * point's `icon`), so their keys are the only values the content check accepts.
 */
export const contentIcons = {
  devices:
    "M3 4h11a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM6 18h5M8.5 14v4M18 8h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zM19.5 17.5h0",
  network:
    "M14.5 5a2.5 2.5 0 1 1-5 0a2.5 2.5 0 1 1 5 0zM7.5 19a2.5 2.5 0 1 1-5 0a2.5 2.5 0 1 1 5 0zM21.5 19a2.5 2.5 0 1 1-5 0a2.5 2.5 0 1 1 5 0zM12 7.5V12M12 12l-5.2 4.8M12 12l5.2 4.8",
  support:
    "M4 14v-2a8 8 0 0 1 16 0v2M4 14a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2zM20 14a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2zM18 18c0 2-2 3-5 3h-1",
  backup:
    "M5 6c0-1.7 3.1-3 7-3s7 1.3 7 3-3.1 3-7 3-7-1.3-7-3zM5 6v6c0 1.7 3.1 3 7 3s7-1.3 7-3V6M5 12v6c0 1.7 3.1 3 7 3s7-1.3 7-3v-6",
  repair: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z",
  setup: "M12 3v11M7.5 9.5L12 14l4.5-4.5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4",
  team: "M9 11a3 3 0 1 0 0-6a3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 11a2.5 2.5 0 1 0 0-5M17 14a5 5 0 0 1 4 5",
  reliable: "M12 3l7 3v5c0 4.5-3 8.5-7 10c-4-1.5-7-5.5-7-10V6l7-3zM8.5 12l2.5 2.5 4.5-5",
  tailored: "M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4",
  care: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z",
} as const;

/** Icons of the page chrome (menu button, chat button, contact details), chosen in code. */
const interfaceIcons = {
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  chat: "M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z",
  phone: "M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
  mail: "M4 6h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zM3.5 7l8.5 6 8.5-6",
  location: "M12 21s-6-5.5-6-11a6 6 0 0 1 12 0c0 5.5-6 11-6 11zM12 12.5a2.5 2.5 0 1 0 0-5a2.5 2.5 0 0 0 0 5z",
  arrow: "M4 12h15M13 6l6 6-6 6",
  clock: "M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18zM12 7v5l3 2",
  // WhatsApp's mark as an outline: a round bubble with its tail down to the left, a handset inside. A brand's mark,
  // so never turned round in right-to-left pages.
  whatsapp:
    "M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zM9 8.2c-.4 3.6 3.2 7.2 6.8 6.8l.7-1.6-2-1-1 .9a5 5 0 0 1-2.8-2.8l.9-1-1-2z",
} as const;

/** Icons that point along the line of reading: drawn for left to right, turned round in right-to-left pages. */
export const directionalIcons: ReadonlySet<IconName> = new Set<IconName>(["arrow", "chat"]);

export const iconPaths = { ...contentIcons, ...interfaceIcons };

export type IconName = keyof typeof iconPaths;
export type ContentIconName = keyof typeof contentIcons;

export const contentIconNames = Object.keys(contentIcons) as ContentIconName[];

export function isContentIconName(name: string): name is ContentIconName {
  return Object.prototype.hasOwnProperty.call(contentIcons, name);
}
