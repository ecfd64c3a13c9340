import * as React from "react";

/**
 * What the site's components take from `gatsby`, for the editor's preview
 * bundle: their GraphQL fragments are only read by Gatsby's compiler, and a
 * Link is a plain link, since the preview never navigates.
 */
export const graphql = (): undefined => undefined;

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  activeClassName?: string;
  partiallyActive?: boolean;
};

export const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function PreviewLink(
  { to, activeClassName: _activeClassName, partiallyActive: _partiallyActive, children, ...rest },
  ref,
) {
  return (
    <a ref={ref} href={to} {...rest}>
      {children}
    </a>
  );
});

/** Components drawn in a preview get their content as props; one that queries on its own has no place there. */
export function useStaticQuery(): never {
  throw new Error("A preview draws components from the entry being edited; this one queries Gatsby itself.");
}
