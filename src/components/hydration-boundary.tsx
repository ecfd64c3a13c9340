import * as React from "react";

/**
 * Server-rendered content that React hydrates as a task of its own. Pages are
 * split into a few of these, so hydrating a page on a slow phone never holds
 * the main thread for long (each boundary is hydrated separately and the
 * browser can handle input in between). Nothing inside ever suspends.
 */
export function HydrationBoundary({ children }: { children: React.ReactNode }) {
  return <React.Suspense>{children}</React.Suspense>;
}
