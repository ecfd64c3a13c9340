import * as React from "react";
import { directionalIcons, iconPaths, type IconName } from "../lib/icon-paths";

interface IconProps {
  name: IconName;
  className?: string;
}

/** A decorative line icon; the text next to it carries the meaning. */
export function Icon({ name, className }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      data-directional={directionalIcons.has(name) || undefined}
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
