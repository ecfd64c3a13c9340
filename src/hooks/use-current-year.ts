import { useEffect, useState } from "react";

/**
 * The visitor's current year. Pages are rendered once at build time, so the
 * server-rendered year is the build year; after hydration it becomes the
 * visitor's clock year, and a site that is not rebuilt in January stays right.
 */
export function useCurrentYear(buildYear: number): number {
  const [year, setYear] = useState(buildYear);
  useEffect(() => {
    setYear(new Date().getFullYear());
  }, []);
  return year;
}
