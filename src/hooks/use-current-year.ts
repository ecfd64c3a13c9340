import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * The visitor's current year. Pages are rendered once at build time, so the
 * server-rendered HTML carries the build year; hydration swaps in the
 * visitor's clock year, so a site that is not rebuilt in January stays right.
 */
export function useCurrentYear(buildYear: number): number {
  return useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => buildYear,
  );
}
