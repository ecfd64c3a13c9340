import js from "@eslint/js";
import importRules from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      "node_modules/",
      "src/gatsby-types.d.ts",
      "artifacts/",
      "test-results/",
      "static/admin/",
      ".wrangler/",
      "mail-service/worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, Queries: "readonly" },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: "18" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    /*
     * The parts of the project and which may take code from which (README, "How the project is laid out"): the
     * contract takes nothing; the mail service stands alone beside the site; the site's pages and components take
     * nothing from the build, the commands or the tests; the build takes nothing from the commands or the tests.
     */
    files: ["**/*.{ts,tsx,mjs,cjs}"],
    plugins: { import: importRules },
    settings: { "import/resolver": { node: { extensions: [".ts", ".tsx", ".mjs", ".cjs", ".js", ".json"] } } },
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./contract",
              from: ["./src", "./plugins", "./scripts", "./functions", "./mail-service", "./__tests__"],
              message: "The contract is what the site and the mail service share: it takes nothing from either.",
            },
            {
              target: "./mail-service",
              from: ["./src", "./plugins", "./scripts", "./functions", "./__tests__"],
              message: "The mail service stands alone: it shares only the contract with the site.",
            },
            {
              target: "./src",
              from: ["./plugins", "./scripts", "./functions", "./mail-service", "./__tests__"],
              message: "What runs in the browser takes nothing from the build, the commands or the tests.",
            },
            {
              target: "./plugins",
              from: ["./scripts", "./functions", "./mail-service", "./__tests__"],
              message: "The build takes nothing from the commands, the mail service or the tests.",
            },
            {
              target: "./functions",
              from: ["./src", "./plugins", "./scripts", "./mail-service", "./__tests__"],
              message: "The editor's sign-in functions stand alone.",
            },
          ],
        },
      ],
    },
  },
  {
    // The mail service is a package of its own: what the others use of it is what its package.json exports.
    files: ["**/*.{ts,tsx,mjs,cjs}"],
    ignores: ["mail-service/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/mail-service/src/**", "**/mail-service/scripts/**"],
              message:
                "Take the mail service through its package's exports: mail-service/<name> (mail-service/package.json).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures receive `use`, which is not React's hook, and must destructure `{}` when they need nothing.
    files: ["__tests__/browser/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.{mjs,cjs,js}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Layout is Prettier's job (npm run lint checks it); this turns off the rules that would argue with it.
  prettier,
);
