/**
 * Replaces the `gatsby` module in unit tests, as Gatsby's unit-testing guide
 * does: `graphql` is inert, `Link` is a plain anchor, and `useStaticQuery`
 * returns whatever the test gave to `setStaticQueryData` (the real content of
 * data/, shaped by staticQueryData in content.ts).
 */
import * as React from "react";

let staticQueryData: unknown = {};

export function setStaticQueryData(data: unknown): void {
  staticQueryData = data;
}

export const graphql = () => "";

export function useStaticQuery<T>(): T {
  return staticQueryData as T;
}

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  activeClassName?: string;
  partiallyActive?: boolean;
};

export const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, children, activeClassName: _activeClassName, partiallyActive: _partiallyActive, ...rest },
  ref,
) {
  const current = window.location.pathname === to;
  return (
    <a ref={ref} href={to} aria-current={current ? "page" : undefined} {...rest}>
      {children}
    </a>
  );
});

export const navigate = () => Promise.resolve();
