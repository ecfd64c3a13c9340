import * as React from "react";

interface ParagraphsProps {
  text: string;
  className?: string;
}

/** Content text in which editors separate paragraphs with a blank line. */
export function Paragraphs({ text, className }: ParagraphsProps) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
