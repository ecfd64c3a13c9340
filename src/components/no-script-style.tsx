import * as React from "react";
import { Helmet } from "react-helmet";

interface NoScriptStyleProps {
  /** Rules for browsers with JavaScript off. */
  css: string;
}

/**
 * Styles that apply only where JavaScript is off, from the page's head: a
 * page with JavaScript never sees them, so it never shifts when they stop
 * applying. The component that needs them names its own classes in them.
 */
export function NoScriptStyle({ css }: NoScriptStyleProps) {
  return (
    <Helmet>
      <noscript>{`<style>${css}</style>`}</noscript>
    </Helmet>
  );
}
