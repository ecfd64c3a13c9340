import * as React from "react";
import { WholeWords } from "./whole-words";

interface ParagraphsProps {
  text: string;
  className?: string;
}

/** Content text in which editors separate paragraphs with a blank line, broken only where it may (WholeWords). */
export function Paragraphs({ text, className }: ParagraphsProps) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={className}>
          <WholeWords text={paragraph} />
        </p>
      ))}
    </>
  );
}
