/**
 * The rules the stylesheets keep so that the design stays in its tokens and
 * the layout can turn right to left: colours only in tokens.css, every token
 * defined, breakpoints only by name (plugins/site-styles writes their queries
 * in at build time), and directions only as logical properties.
 *
 * @type {import("stylelint").Config}
 */
export default {
  plugins: ["stylelint-value-no-unknown-custom-properties"],
  rules: {
    "color-no-hex": true,
    "color-named": "never",
    "function-disallowed-list": ["/^(rgba?|hsla?|hwb|lab|lch|oklab|oklch)$/"],
    "csstools/value-no-unknown-custom-properties": [true, { importFrom: ["src/styles/tokens.css"] }],
    "media-feature-name-allowed-list": [
      ["/^prefers-/"],
      { message: "Name a breakpoint of src/styles/breakpoints.json, @media (--md), rather than a width of its own" },
    ],
    "property-disallowed-list": [
      ["/^(margin|padding|border|inset|scroll-margin|scroll-padding)-(left|right)/", "left", "right"],
      {
        message: (/** @type {string} */ property) =>
          `Use a logical property for "${property}" (inline-start, inline-end), so the layout mirrors for right-to-left text`,
      },
    ],
    "declaration-property-value-disallowed-list": [
      {
        "/^(text-align|float|clear)$/": ["left", "right"],
        // Four values set left and right apart: write the sides with -block and -inline instead.
        "/^(margin|padding|inset)$/": ["/^\\S+\\s+\\S+\\s+\\S+\\s+\\S+$/"],
      },
      {
        message: (/** @type {string} */ property, /** @type {string} */ value) =>
          `"${property}: ${value}" sets left or right; use start or end, or the -inline properties`,
      },
    ],
  },
  overrides: [
    {
      files: ["src/styles/tokens.css"],
      rules: { "color-no-hex": null, "color-named": null, "function-disallowed-list": null },
    },
  ],
};
