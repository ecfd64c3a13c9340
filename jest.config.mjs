/**
 * Unit tests, set up as Gatsby's unit-testing guide describes: Babel with
 * Gatsby's preset compiles the sources, `gatsby` itself is replaced at its
 * module boundary, styles and files are stubbed.
 */
export default {
  testMatch: ["<rootDir>/__tests__/**/*.test.{ts,tsx}"],
  transform: {
    "^.+\\.(m?js|jsx|tsx?)$": "<rootDir>/__tests__/support/jest-preprocess.cjs",
  },
  moduleNameMapper: {
    "^gatsby$": "<rootDir>/__tests__/support/gatsby-mock.tsx",
    "\\.css$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|gif|webp|avif|svg)$": "<rootDir>/__tests__/support/file-mock.cjs",
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public"],
  // Packages published as ES modules only (Gatsby's browser code; Netlify's parsers and what they use) are compiled too.
  // The contract both the site and the mail service share is a workspace package of TypeScript sources.
  transformIgnorePatterns: [
    "node_modules/(?!(enquiry-contract|gatsby|gatsby-script|gatsby-link|@netlify/headers-parser|@netlify/redirect-parser|escape-string-regexp|is-plain-obj|map-obj|path-exists)/)",
  ],
  globals: { __PATH_PREFIX__: "" },
  testEnvironment: "<rootDir>/__tests__/support/jsdom-environment.cjs",
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/__tests__/support/loadershim.cjs"],
  setupFilesAfterEnv: ["<rootDir>/__tests__/support/jest-setup.ts"],
  // In the project, not in /tmp: two copies of the project testing at once keep apart.
  cacheDirectory: "<rootDir>/node_modules/.cache/jest",
};
