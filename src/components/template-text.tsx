import * as React from "react";
import { splitTemplate } from "../lib/fill-template";

interface TemplateTextProps {
  /** An editor's text with placeholders, such as "© {year} {company}". */
  template: string;
  /** Each placeholder's value: a text, a number or an element (a <time>). */
  values: Readonly<Record<string, React.ReactNode>>;
}

/**
 * A content text with its `{name}` placeholders filled, each value isolated in
 * a <bdi>: a Latin company name or a number keeps its own direction inside an
 * Arabic sentence, and an Arabic name inside an English one. The text reads
 * the same as fillTemplate's; unknown placeholders stay as written.
 */
export function TemplateText({ template, values }: TemplateTextProps) {
  return (
    <>
      {splitTemplate(template).map((part, index) => {
        if (index % 2 === 0) return <React.Fragment key={index}>{part}</React.Fragment>;
        return Object.hasOwn(values, part) ? (
          <bdi key={index}>{values[part]}</bdi>
        ) : (
          <React.Fragment key={index}>{`{${part}}`}</React.Fragment>
        );
      })}
    </>
  );
}
