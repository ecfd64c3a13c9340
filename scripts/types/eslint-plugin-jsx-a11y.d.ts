/** eslint-plugin-jsx-a11y ships no types; eslint.config.mjs registers it as a plugin and spreads its recommended rules. */
declare module "eslint-plugin-jsx-a11y" {
  import type { ESLint, Linter } from "eslint";

  const plugin: ESLint.Plugin & { configs: Record<"recommended" | "strict", { rules: Linter.RulesRecord }> };
  export default plugin;
}
