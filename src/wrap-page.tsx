import * as React from "react";
import type { WrapPageElementBrowserArgs, WrapRootElementBrowserArgs } from "gatsby";
import { Layout } from "./components/layout";
import { LanguageProvider } from "./hooks/use-language";
import { SessionProvider } from "./hooks/use-session";
import "./styles/global.css";

/**
 * Shared by gatsby-browser.tsx and gatsby-ssr.tsx, so the server-rendered HTML
 * and the browser render the same tree. The layout wraps pages here rather
 * than inside each page, so it stays mounted across navigation.
 */
export function wrapRootElement({ element }: Pick<WrapRootElementBrowserArgs, "element">) {
  return <SessionProvider>{element}</SessionProvider>;
}

export function wrapPageElement({ element, props }: Pick<WrapPageElementBrowserArgs, "element" | "props">) {
  const { language, notFound } = props.pageContext as { language?: string; notFound?: boolean };
  return (
    <LanguageProvider code={language}>
      <Layout location={props.location} notFound={notFound === true}>
        {element}
      </Layout>
    </LanguageProvider>
  );
}
