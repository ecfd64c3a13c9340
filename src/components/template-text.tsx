import * as React from "react";

interface TemplateTextProps {
  /** An editor's text with placeholders, such as "© {year} {company}". */
  template: string;
  values: Readonly<Record<string, string | number>>;
}

/**
 * A content text with its `{name}` placeholders filled, each value isolated in
 * a <bdi>: a Latin company name or a number keeps its own direction inside an
 * Arabic sentence, and an Arabic name inside an English one. The text reads
 * the same as fillTemplate's; unknown placeholders stay as written.
 */
export function TemplateText({ template, values }: TemplateTextProps) {
  const parts = template.split(/(\{\w+\})/);
  return (
    <>
      {parts.map((part, index) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        return name !== undefined && Object.hasOwn(values, name) ? (
          <bdi key={index}>{values[name]}</bdi>
        ) : (
          <React.Fragment key={index}>{part}</React.Fragment>
        );
      })}
    </>
  );
}
