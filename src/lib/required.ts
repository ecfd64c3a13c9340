/**
 * GraphQL types every root query field as nullable, though the build-time
 * content check guarantees each data/ file is there. This turns the impossible
 * case into a clear error (shown by the error boundary) instead of a blank section.
 */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) {
    throw new Error(`${what} is missing from the site's content.`);
  }
  return value;
}
